import type { LoginResponse, MeResponse } from '@peis/shared';

/** localStorage keys. 'session' and 'btnPermissions' are fixed by SPEC §1/§6; the rest come from GET /api/me. */
export const STORAGE_KEYS = {
  session: 'session',
  btnPermissions: 'btnPermissions',
  menus: 'menus',
  profile: 'profile',
} as const;

/** What SPEC §1 says the session holds. */
export type Session = Pick<LoginResponse, 'username' | 'token' | 'openid' | 'userType'>;

/** The rest of /api/me that the shell shows (name, role, unit scope). */
export type Profile = Omit<MeResponse, 'menus' | 'btnPermissions'>;

type Listener = () => void;
const listeners = new Set<Listener>();
let version = 0;

function emit(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function onStorage(e: StorageEvent): void {
  if (e.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(e.key)) emit();
}

/** Lets React re-render when the session changes (see use-session.ts); changes made in other tabs count too. */
export function subscribeSession(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function sessionVersion(): number {
  return version;
}

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    // A hand-edited or truncated value counts as absent rather than crashing the app.
    return null;
  }
}

function readStringList(key: string): string[] | null {
  const value = readJson(key);
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
}

export function readSession(): Session | null {
  const value = readJson(STORAGE_KEYS.session) as Partial<Session> | null;
  if (!value || typeof value.token !== 'string' || !value.token) return null;
  return {
    username: String(value.username ?? ''),
    token: value.token,
    openid: String(value.openid ?? ''),
    userType: Number(value.userType),
  };
}

export function getToken(): string | null {
  return readSession()?.token ?? null;
}

export function readBtnPermissions(): string[] | null {
  return readStringList(STORAGE_KEYS.btnPermissions);
}

export function readMenus(): string[] | null {
  return readStringList(STORAGE_KEYS.menus);
}

export function readProfile(): Profile | null {
  const value = readJson(STORAGE_KEYS.profile);
  return value && typeof value === 'object' ? (value as Profile) : null;
}

/** Stores the login answer (SPEC §1 session fields only). */
export function writeSession(login: Session): void {
  const { username, token, openid, userType } = login;
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ username, token, openid, userType }));
  emit();
}

/** Stores /api/me: button permissions (SPEC §6), menu permissions and the profile. */
export function writeMe(me: MeResponse): void {
  const { menus, btnPermissions, ...profile } = me;
  localStorage.setItem(STORAGE_KEYS.btnPermissions, JSON.stringify(btnPermissions));
  localStorage.setItem(STORAGE_KEYS.menus, JSON.stringify(menus));
  localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify(profile));
  emit();
}

export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  emit();
}
