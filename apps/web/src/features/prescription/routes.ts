import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/**
 * 膳食处方 and 运动处方: the declared lists (resource-ui) with 生成处方, 批量生成, 打印, 效果 and the per-unit
 * effect summary around them.
 */
export const PRESCRIPTION_SCREENS = defineScreens({
  'main/diet/task': lazy(() => import('./diet-task-page')),
  'main/fitness/task': lazy(() => import('./fitness-task-page')),
});
