import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/** 健康干预: the declared lists of 干预模型 and 干预任务 with what they cannot do themselves. */
export const INTERVENTION_SCREENS = defineScreens({
  'main/hi/model': lazy(() => import('./model-page')),
  'main/hi/task': lazy(() => import('./task-page')),
});
