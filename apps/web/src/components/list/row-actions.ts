import { type ActionDef, allowedActions, hasButtonPermission, type ResourceDef } from '@peis/shared';
import { useCallback } from 'react';
import { useSession } from '../../app/use-session';

/**
 * The declared actions a row offers this account: its state is in the action's `from` and the account has the
 * action's permission (allowedActions of packages/shared, the same rule the server enforces with a 409/403).
 */
export function useRowActions(def: ResourceDef) {
  const { btnPermissions } = useSession();
  return useCallback((row: object) => rowActions(def, row, btnPermissions), [def, btnPermissions]);
}

/** The names of the actions `row` offers an account holding `btnPermissions`. */
export function rowActions(
  def: ResourceDef,
  row: object,
  btnPermissions: readonly string[] | null | undefined,
): ReadonlySet<string> {
  const can = (p: string) => hasButtonPermission(btnPermissions, p);
  return new Set(allowedActions(def, row as Record<string, unknown>, can).map(([name]) => name));
}

/** Whether the account may run the action at all (for a column or a bulk button that shows regardless of row). */
export function useActionPermitted(action: ActionDef | undefined): boolean {
  const { btnPermissions } = useSession();
  return action ? hasButtonPermission(btnPermissions, action.permission) : false;
}
