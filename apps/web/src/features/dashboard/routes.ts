import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The dashboard screens by RouteDef.path, each loaded on first visit (wired in app/route-pages.tsx). */
export const DASHBOARD_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'company/dashboard': lazy(() => import('./company-dashboard-page')),
  'main/dashboard': lazy(() => import('./workbench-page')),
};
