import type { RouteDef } from '@peis/shared';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { PageLoading } from '../components/page-loading';
import { UnreleasedPage } from '../components/unreleased-page';

type RoutePage = LazyExoticComponent<ComponentType<{ route: RouteDef }>>;

/** Screens that exist, by RouteDef.path; each loads on first visit. Every other route shows UnreleasedPage. */
const PAGES: Record<string, RoutePage> = {
  'main/tools/test': lazy(() => import('../features/tools/tools-test-page')),
};

export function RoutePageView({ route }: { route: RouteDef }) {
  const Page = PAGES[route.path];
  if (!Page) return <UnreleasedPage route={route} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page route={route} />
    </Suspense>
  );
}
