import { findRoute, hasButtonPermission } from '@peis/shared';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../app/use-session';

/**
 * SPEC §6 button permission: true only when the stored btnPermissions list contains the first required
 * permission. Without `required`, the current route's btnPermissions are used. A missing list means false.
 */
export function usePermission(required?: string | readonly string[]): boolean {
  const { pathname } = useLocation();
  const { btnPermissions } = useSession();
  const wanted = required ?? findRoute(pathname)?.btnPermissions;
  return hasButtonPermission(btnPermissions, wanted);
}

interface PermissionProps {
  required?: string | readonly string[];
  children: ReactNode;
}

/** Renders its children only when usePermission(required) allows it. Convenience only: the server enforces. */
export function Permission({ required, children }: PermissionProps) {
  return usePermission(required) ? children : null;
}
