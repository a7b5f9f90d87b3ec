import type { RouteDef } from '@peis/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type PhrPage = LazyExoticComponent<ComponentType<{ route: RouteDef }>>;

/** The PHR screens by RouteDef.path, each loaded on first visit (wired in app/route-pages.tsx). */
export const PHR_PAGES: Record<string, PhrPage> = {
  'main/phr': lazy(() => import('./phr-list-page')),
  'main/phr/detail/:id': lazy(() => import('./phr-detail-page')),
  'main/phr/progress': lazy(() => import('./phr-progress-page')),
  'main/phr/transfer': lazy(() => import('./phr-transfer-page')),
};
