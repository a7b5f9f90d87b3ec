import type { ButtonPermission, MenuPermission } from '../routes';

/**
 * Permissions the server checks on routes that are not pages (their codes are not menus or buttons of a
 * route, yet roles carry them the same way).
 */
export const API_PERMISSIONS = {
  /** Read the unit tree for pickers and filters (every signed-in role that works with units). */
  unitTree: 'company:company:tree',
} as const;

export type ApiPermission = (typeof API_PERMISSIONS)[keyof typeof API_PERMISSIONS];

/**
 * A permission code: a route's menu permission (`company:x` / `main:x`), one of its button permissions
 * (`x:add`), or an API permission — the literal union derived from the route list, so a typo in a
 * declaration's permission fails to compile.
 */
export type PermissionCode = MenuPermission | ButtonPermission | ApiPermission;
