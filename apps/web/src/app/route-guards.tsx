import type { RouteDef } from '@peis/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { NoPermissionPage } from '../components/no-permission-page';
import { canOpen } from './navigation';
import { RoutePageView } from './route-pages';
import { useSession } from './use-session';

/** Signed-out visitors go to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session } = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return children;
}

/** A route opens only when the account's stored menus contain its menu permission. */
export function MenuGuard({ route }: { route: RouteDef }) {
  const { menus } = useSession();
  return canOpen(route, menus) ? <RoutePageView route={route} /> : <NoPermissionPage />;
}
