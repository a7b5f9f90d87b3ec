import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/** 运动库: 运动项目 and 运动原则 are the declared screens; 运动模板 adds its live weekly plan to them. */
export const FITNESS_LIBRARY_SCREENS = defineScreens({
  'main/fitness/template': lazy(() => import('./template-page')),
});
