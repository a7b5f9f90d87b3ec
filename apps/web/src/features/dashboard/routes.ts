import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/** The company dashboard and the workbench. */
export const DASHBOARD_SCREENS = defineScreens({
  'company/dashboard': lazy(() => import('./company-dashboard-page')),
  'main/dashboard': lazy(() => import('./workbench-page')),
});
