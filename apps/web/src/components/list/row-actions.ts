import { type ActionDef, allowedActions, hasButtonPermission, type ResourceDef } from '@peis/shared';
import { useCallback } from 'react';
import { useSession } from '../../app/use-session';

/**
 * The declared actions a row offers this account: its state is in the action's `from` and the account has the
 * action's permission (allowedActions of packages/shared, the same rule the server enforces with a 409/403).
 */
export function useRowActions(def: ResourceDef) {
  const { btnPermissions } = useSession();
  return useCallback(
    (row: object): ReadonlySet<string> =>
      new Set(
        allowedActions(def, row as Record<string, unknown>, (p) => hasButtonPermission(btnPermissions, p)).map(
          ([name]) => name,
        ),
      ),
    [def, btnPermissions],
  );
}

/** Whether the account may run the action at all (for a column or a bulk button that shows regardless of row). */
export function useActionPermitted(action: ActionDef | undefined): boolean {
  const { btnPermissions } = useSession();
  return action ? hasButtonPermission(btnPermissions, action.permission) : false;
}
