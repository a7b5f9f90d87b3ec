import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/** One page serves the three statistics routes; one lazy component each, so switching between them remounts it. */
export const STATISTICS_SCREENS = defineScreens({
  'company/statistics/yufenzu': lazy(() => import('./statistics-page')),
  'company/statistics/manbing': lazy(() => import('./statistics-page')),
  'company/statistics/dabing': lazy(() => import('./statistics-page')),
});
