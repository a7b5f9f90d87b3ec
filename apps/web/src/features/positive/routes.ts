import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The work screens by RouteDef.path — 体检数据, 阳性管理, 随访管理 — each loaded on first visit
 * (wired in app/route-pages.tsx). They take no props: titles are their own.
 */
export const WORK_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'main/phr/check': lazy(() => import('../checks/check-list-page')),
  'main/positive/new': lazy(() => import('./new-findings-page')),
  'main/positive/task': lazy(() => import('./task-page')),
  'main/positive/log': lazy(() => import('./log-page')),
  'main/positive/setting': lazy(() => import('./rule-page')),
  'main/follow-up/task': lazy(() => import('../followup/follow-up-task-page')),
  'main/follow-up/log': lazy(() => import('../followup/follow-up-log-page')),
};
