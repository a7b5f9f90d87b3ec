import type { ChangePasswordBody, LoginBody, LoginResponse, MeResponse } from '@peis/shared';
import { http } from '../../app/http';
import { clearSession, writeMe, writeSession } from '../../app/session';

export const ME_QUERY_KEY = ['me'] as const;

/** GET /api/me, stored so menus and buttons follow the role even after a reload. */
export async function fetchMe(): Promise<MeResponse> {
  const me = await http.get<MeResponse>('/me');
  writeMe(me);
  return me;
}

/**
 * POST /api/login then GET /api/me. A wrong password answers 401, which here is the form's own error,
 * not the "session expired" redirect of SPEC §8.
 */
export async function login(body: LoginBody): Promise<{ login: LoginResponse; me: MeResponse }> {
  const answer = await http.post<LoginResponse>('/login', body, { catalogue: { 401: false } });
  writeSession(answer);
  try {
    return { login: answer, me: await fetchMe() };
  } catch (e) {
    // Half a session (a token without menus) would strand the user on a spinner: start over instead.
    clearSession();
    throw e;
  }
}

/** POST /api/logout; an already expired token is fine, the point is to end the session. */
export function logout(): Promise<unknown> {
  return http.post('/logout', undefined, { catalogue: { other: false } });
}

export function changePassword(body: ChangePasswordBody): Promise<{ code: number; msg?: string }> {
  return http.put('/password', body);
}
