import type { ReactNode } from 'react';
import { useSession } from '../app/use-session';
import { Permission } from '../components/Permission';

/**
 * Shows a resource action when the account holds its permission code. Button codes go through <Permission>
 * (SPEC §6: stored btnPermissions); a code that is a menu permission (e.g. view = the list page's own menu
 * code) is granted by the stored menus, since those never appear among the button permissions. No code
 * means the resource does not offer the action at all.
 */
export function ResourceGate({ code, children }: { code: string | undefined; children: ReactNode }) {
  const { menus } = useSession();
  if (!code) return null;
  if (menus?.includes(code)) return children;
  return <Permission required={code}>{children}</Permission>;
}
