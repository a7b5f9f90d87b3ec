import { useMemo, useSyncExternalStore } from 'react';
import { readBtnPermissions, readMenus, readProfile, readSession, sessionVersion, subscribeSession } from './session';

/** The stored session, re-read whenever session.ts writes or another tab changes it. */
export function useSession() {
  const version = useSyncExternalStore(subscribeSession, sessionVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the change signal for localStorage
  return useMemo(
    () => ({
      session: readSession(),
      profile: readProfile(),
      menus: readMenus(),
      btnPermissions: readBtnPermissions(),
    }),
    [version],
  );
}
