import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { createAccount, type DEMO_ACCOUNTS } from '../db/seed';
import { createTestApp, TEST_DATABASES, type TestApp } from './harness';

export type DemoUser = (typeof DEMO_ACCOUNTS)[number]['username'];

/**
 * The app of one suite, usable as a TestApp from inside tests and hooks (it forwards to the app the suite's
 * beforeAll made), with the listed demo accounts already signed in.
 */
export interface SuiteApp<U extends DemoUser> extends TestApp {
  /** Bearer tokens of the demo accounts named in `users`. */
  token: Record<U, string>;
  /** Headers of a call as one of those accounts. */
  as(user: U): { authorization: string };
  /** An API call with a bearer token. */
  call(method: string, url: string, token: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** The id of a unit of the demo tree by its short name (e.g. 采油一厂). */
  unitId(shortName: string): Promise<number>;
  /** The one value of a one-row query, as a number. */
  scalar(sql: string, params?: unknown[]): Promise<number>;
  /** Posts a multipart upload (e.g. a spreadsheet to an import URL) with a bearer token. */
  postFile(
    url: string,
    token: string,
    upload: { payload: unknown; headers: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** Adds an account beside the demo ones (e.g. an administrator of one unit only). */
  addAccount(account: Parameters<typeof createAccount>[1]): Promise<void>;
}

/**
 * One API suite per test database (`$name` in the title names it): a fresh app with the demo seed before the
 * suite, the listed demo accounts signed in, the app closed after. The body registers its tests and any
 * further hooks, which run after this setup.
 */
export function withTestApp<U extends DemoUser = never>(
  title: string,
  opts: Parameters<typeof createTestApp>[1] & { users?: U[] },
  body: (t: SuiteApp<U>, target: (typeof TEST_DATABASES)[number]) => void,
): void {
  describe.each(TEST_DATABASES)(title, (target) => {
    let real: TestApp | undefined;
    const token = {} as Record<U, string>;
    // Tests run after beforeAll, so reading the app through getters is safe; a use before it is a bug.
    const app = (): TestApp => {
      if (!real) throw new Error('the test app is used before the suite set it up');
      return real;
    };
    const t: SuiteApp<U> = {
      get app() {
        return app().app;
      },
      get db() {
        return app().db;
      },
      get config() {
        return app().config;
      },
      login: (username, password) => app().login(username, password),
      auth: (bearer) => app().auth(bearer),
      close: () => app().close(),
      token,
      as: (user) => app().auth(token[user]),
      call: (method, url, bearer, payload) =>
        app().app.inject({ method: method as 'GET', url, headers: app().auth(bearer), payload: payload as object }),
      unitId: async (shortName) =>
        Number(
          (await app().db.query<{ id: number }>('SELECT id FROM units WHERE short_name = $1', [shortName])).rows[0].id,
        ),
      postFile: (url, bearer, upload) =>
        app().app.inject({
          method: 'POST',
          url,
          payload: upload.payload as string,
          headers: { ...upload.headers, ...app().auth(bearer) },
        }),
      addAccount: async (account) => {
        await app().db.tx((q) => createAccount(q, account));
      },
      scalar: async (sql, params = []) => Number(Object.values((await app().db.query(sql, params)).rows[0])[0]),
    };
    beforeAll(async () => {
      real = await createTestApp(target, opts);
      for (const user of opts.users ?? []) token[user] = await real.login(user);
    });
    afterAll(() => real?.close());
    body(t, target);
  });
}
