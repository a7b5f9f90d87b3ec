import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/** 阳性管理. */
export const POSITIVE_SCREENS = defineScreens({
  'main/positive/new': lazy(() => import('./new-findings-page')),
  'main/positive/task': lazy(() => import('./task-page')),
  'main/positive/log': lazy(() => import('./log-page')),
  'main/positive/setting': lazy(() => import('./rule-page')),
});
