import { lazy } from 'react';
import { defineScreens } from '../../app/screens';

/** The administration screens (users, roles, accounts, insurance, profile, dictionaries, log, help). */
export const ADMIN_SCREENS = defineScreens({
  'company/role': lazy(() => import('./role-page')),
  'company/user': lazy(() => import('./user-page')),
  'company/account': lazy(() => import('./account-page')),
  'company/account/transfer': lazy(() => import('./account-transfer-page')),
  'company/account/isdelete': lazy(() => import('./account-deleted-page')),
  'company/healthInsurance': lazy(() => import('./insurance-page')),
  'main/settings/user': lazy(() => import('./profile-page')),
  'main/settings/dict': lazy(() => import('./dict-page')),
  'main/oplog': lazy(() => import('./oplog-page')),
  'main/help': lazy(() => import('./help-page')),
});
