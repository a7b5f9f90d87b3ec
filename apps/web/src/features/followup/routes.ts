import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/** 随访管理. */
export const FOLLOWUP_SCREENS = defineScreens({
  'main/follow-up/task': lazy(() => import('./follow-up-task-page')),
  'main/follow-up/log': lazy(() => import('./follow-up-log-page')),
});
