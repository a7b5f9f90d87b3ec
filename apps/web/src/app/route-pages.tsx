import type { RouteDef } from '@peis/shared';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { PageLoading } from '../components/page-loading';
import { UnreleasedPage } from '../components/unreleased-page';
import { DASHBOARD_PAGES } from '../features/dashboard/routes';
import { PHR_PAGES } from '../features/phr/routes';
import { WORK_PAGES } from '../features/positive/routes';
import { resourceForRoute } from '../resource-ui/resource-routes';

type RoutePage = LazyExoticComponent<ComponentType<{ route: RouteDef }>>;

/** Screens that exist, by RouteDef.path; each loads on first visit. A bespoke screen wins over a resource's. */
const PAGES: Record<string, RoutePage> = {
  'main/tools/test': lazy(() => import('../features/tools/tools-test-page')),
  'company/role': lazy(() => import('../features/admin/role-page')),
  'company/user': lazy(() => import('../features/admin/user-page')),
  'company/account': lazy(() => import('../features/admin/account-page')),
  'company/account/transfer': lazy(() => import('../features/admin/account-transfer-page')),
  'company/account/isdelete': lazy(() => import('../features/admin/account-deleted-page')),
  'company/healthInsurance': lazy(() => import('../features/admin/insurance-page')),
  'main/settings/user': lazy(() => import('../features/admin/profile-page')),
  'main/oplog': lazy(() => import('../features/admin/oplog-page')),
  'main/help': lazy(() => import('../features/admin/help-page')),
  ...PHR_PAGES,
  ...WORK_PAGES,
  ...DASHBOARD_PAGES,
  'company/statistics/yufenzu': lazy(() => import('../features/statistics/statistics-page')),
  'company/statistics/manbing': lazy(() => import('../features/statistics/statistics-page')),
  'company/statistics/dabing': lazy(() => import('../features/statistics/statistics-page')),
};

/** The generic list page of a registered resource (resource-ui/), loaded on first visit to any of them. */
const ResourcePage = lazy(() => import('../resource-ui/resource-page'));

/**
 * The page of a route: its bespoke screen, else the generic screen of the resource declared at that route
 * (ResourceDef.route), else UnreleasedPage.
 */
export function RoutePageView({ route }: { route: RouteDef }) {
  const Page = PAGES[route.path] as RoutePage | undefined;
  const resource = Page ? undefined : resourceForRoute(route.path);
  let page: ReactNode;
  if (Page) page = <Page route={route} />;
  else if (resource) page = <ResourcePage key={resource.name} name={resource.name} route={route} />;
  else return <UnreleasedPage route={route} />;
  return <Suspense fallback={<PageLoading />}>{page}</Suspense>;
}
