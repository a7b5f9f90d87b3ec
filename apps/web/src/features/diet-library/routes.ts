import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/** 膳食库: the declared screens, with the dish's and the cookbook's computed nutrients shown on them. */
export const DIET_LIBRARY_SCREENS = defineScreens({
  'main/diet/dishes': lazy(() => import('./dish-page')),
  'main/diet/cookbook': lazy(() => import('./cookbook-page')),
});
