import { type Area, COMPANY_ROUTES, MAIN_ROUTES, type RouteDef } from '@peis/shared';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { LoginPage } from '../features/auth/login-page';
import { preloadConsole } from './console-chunks';

/**
 * Only the login page is in the entry chunk: on a slow link the first screen must not wait for the console's
 * layout, menus and pages (issue 9 item 14). Everything else is a named export of a module loaded on first render.
 */
function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

/** A whole screen (not a page inside the layout): loaded together with the providers it runs in. */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ ScreenProviders }, Screen] = await Promise.all([import('./screen-providers'), load()]);
    return {
      default: (props: P) => (
        <ScreenProviders>
          <Screen {...props} />
        </ScreenProviders>
      ),
    };
  });
}

const AreaLayout = lazyScreen(() => {
  preloadConsole(); // the route guards inside the layout, fetched alongside it
  return import('./area-layout').then((m) => m.AreaLayout);
});
const LogoutPage = lazyScreen(() => import('../features/auth/logout-page').then((m) => m.LogoutPage));
const PasswordPage = lazyScreen(() => import('../features/auth/password-page').then((m) => m.PasswordPage));
const NotFoundScreen = lazyScreen(() => import('../components/not-found-page').then((m) => m.NotFoundPage));
const NotFoundPage = lazyNamed(() => import('../components/not-found-page').then((m) => m.NotFoundPage));
const MenuGuard = lazyNamed(() => import('./route-guards').then((m) => m.MenuGuard));
const RequireAuth = lazyNamed(() => import('./route-guards').then((m) => m.RequireAuth));

/** The spinner while a lazily loaded part arrives; `key` remounts it per route. */
function loading(element: ReactNode, key?: string) {
  return (
    <Suspense key={key} fallback={<PageLoading />}>
      {element}
    </Suspense>
  );
}

/** Children of one area: index redirect, one route per RouteDef, and the area's own not-found page. */
function areaChildren(area: Area, routes: RouteDef[]): RouteObject[] {
  return [
    { index: true, element: <Navigate to={`/${area}/dashboard`} replace /> },
    ...routes.map((route) => ({
      path: route.path.slice(area.length + 1),
      // Keyed by path so moving between routes never reuses a page's state.
      element: loading(<MenuGuard route={route} />, route.path),
    })),
    { path: '*', element: loading(<NotFoundPage />) },
  ];
}

/** SPEC §2 route table under the /peis basename. */
export const router = createBrowserRouter(
  [
    { path: '/', element: <Navigate to="/login" replace /> },
    { path: '/login', element: <LoginPage /> },
    { path: '/logout', element: loading(<LogoutPage />) },
    {
      path: '/main/password',
      element: loading(
        <RequireAuth>
          <PasswordPage />
        </RequireAuth>,
      ),
      // SPEC §2: the password route carries an empty child route.
      children: [{ index: true, element: null }],
    },
    { path: '/company', element: loading(<AreaLayout />), children: areaChildren('company', COMPANY_ROUTES) },
    { path: '/main', element: loading(<AreaLayout />), children: areaChildren('main', MAIN_ROUTES) },
    { path: '*', element: loading(<NotFoundScreen standalone />) },
  ],
  { basename: '/peis' },
);
