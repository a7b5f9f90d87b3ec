import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/** 体检数据. */
export const CHECKS_SCREENS = defineScreens({
  'main/phr/check': lazy(() => import('./check-list-page')),
});
