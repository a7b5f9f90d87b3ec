import { type Area, COMPANY_ROUTES, MAIN_ROUTES, type RouteDef } from '@peis/shared';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { LoginPage } from '../features/auth/login-page';
import { LogoutPage } from '../features/auth/logout-page';
import { PasswordPage } from '../features/auth/password-page';
import { AreaLayout } from './area-layout';
import { MenuGuard, RequireAuth } from './route-guards';

/** Children of one area: index redirect, one route per RouteDef, and the area's own not-found page. */
function areaChildren(area: Area, routes: RouteDef[]): RouteObject[] {
  return [
    { index: true, element: <Navigate to={`/${area}/dashboard`} replace /> },
    ...routes.map((route) => ({
      path: route.path.slice(area.length + 1),
      // Keyed by path so moving between routes never reuses a page's state.
      element: <MenuGuard key={route.path} route={route} />,
    })),
    { path: '*', element: <NotFoundPage /> },
  ];
}

/** SPEC §2 route table under the /peis basename. */
export const router = createBrowserRouter(
  [
    { path: '/', element: <Navigate to="/login" replace /> },
    { path: '/login', element: <LoginPage /> },
    { path: '/logout', element: <LogoutPage /> },
    {
      path: '/main/password',
      element: (
        <RequireAuth>
          <PasswordPage />
        </RequireAuth>
      ),
      // SPEC §2: the password route carries an empty child route.
      children: [{ index: true, element: null }],
    },
    { path: '/company', element: <AreaLayout />, children: areaChildren('company', COMPANY_ROUTES) },
    { path: '/main', element: <AreaLayout />, children: areaChildren('main', MAIN_ROUTES) },
    { path: '*', element: <NotFoundPage standalone /> },
  ],
  { basename: '/peis' },
);
