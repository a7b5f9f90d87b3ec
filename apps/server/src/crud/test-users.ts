import type { SessionUser } from '../plugins/auth';
import { resolveSession } from '../plugins/auth';
import type { TestApp } from '../test/harness';

/** The session of a demo account, for tests that call a repository directly. */
export async function sessionOf(t: TestApp, username: string, password?: string): Promise<SessionUser> {
  return resolveSession(t.db, t.config, `Bearer ${await t.login(username, password)}`);
}
