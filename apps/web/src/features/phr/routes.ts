import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/** The PHR screens. */
export const PHR_SCREENS = defineScreens({
  'main/phr': lazy(() => import('./phr-list-page')),
  'main/phr/detail/:id': lazy(() => import('./phr-detail-page')),
  'main/phr/progress': lazy(() => import('./phr-progress-page')),
  'main/phr/transfer': lazy(() => import('./phr-transfer-page')),
});
