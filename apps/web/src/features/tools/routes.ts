import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/** The component test screen. */
export const TOOLS_SCREENS = defineScreens({
  'main/tools/test': lazy(() => import('./tools-test-page')),
});
