import type { RouteDef } from '@peis/shared';
import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoading } from '../components/page-loading';
import { UnreleasedPage } from '../components/unreleased-page';
import { ADMIN_SCREENS } from '../features/admin/routes';
import { CHECKS_SCREENS } from '../features/checks/routes';
import { DASHBOARD_SCREENS } from '../features/dashboard/routes';
import { DIET_LIBRARY_SCREENS } from '../features/diet-library/routes';
import { FITNESS_LIBRARY_SCREENS } from '../features/fitness-library/routes';
import { FOLLOWUP_SCREENS } from '../features/followup/routes';
import { INTERVENTION_SCREENS } from '../features/intervention/routes';
import { PHR_SCREENS } from '../features/phr/routes';
import { POSITIVE_SCREENS } from '../features/positive/routes';
import { PRESCRIPTION_SCREENS } from '../features/prescription/routes';
import { STATISTICS_SCREENS } from '../features/statistics/routes';
import { TOOLS_SCREENS } from '../features/tools/routes';
import { resourceForRoute } from '../resource-ui/resource-routes';
import type { Screen, Screens } from './screens';

/** Every feature's screens, by route key (each feature's routes.ts). A bespoke screen wins over a resource's. */
const SCREENS: Screens = {
  ...ADMIN_SCREENS,
  ...CHECKS_SCREENS,
  ...DASHBOARD_SCREENS,
  ...DIET_LIBRARY_SCREENS,
  ...FITNESS_LIBRARY_SCREENS,
  ...FOLLOWUP_SCREENS,
  ...INTERVENTION_SCREENS,
  ...PHR_SCREENS,
  ...POSITIVE_SCREENS,
  ...PRESCRIPTION_SCREENS,
  ...STATISTICS_SCREENS,
  ...TOOLS_SCREENS,
};

/** The generic list page of a registered resource (resource-ui/), loaded on first visit to any of them. */
const ResourcePage = lazy(() => import('../resource-ui/resource-page'));

/**
 * The page of a route: its bespoke screen, else the generic screen of the resource declared at that route
 * (ResourceDef.route), else UnreleasedPage.
 */
export function RoutePageView({ route }: { route: RouteDef }) {
  const Page = (SCREENS as Record<string, Screen | undefined>)[route.path];
  const resource = Page ? undefined : resourceForRoute(route.path);
  let page: ReactNode;
  if (Page) page = <Page route={route} />;
  else if (resource) page = <ResourcePage key={resource.name} name={resource.name} route={route} />;
  else return <UnreleasedPage route={route} />;
  return <Suspense fallback={<PageLoading />}>{page}</Suspense>;
}
