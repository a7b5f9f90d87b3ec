import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Db, openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { DEMO_PASSWORD, seed } from '../db/seed';

/** The databases every API suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASES: { name: string; url?: string }[] = [
  { name: 'PGlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL }] : []),
];

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Signs in and returns the bearer token. */
  login(username: string, password?: string): Promise<string>;
  /** Headers of a signed-in call. */
  auth(token: string): { authorization: string };
  close(): Promise<void>;
}

/**
 * A fresh database (in-memory PGlite, or a new schema on PostgreSQL) with the migrations and the demo
 * seed (a small population), and the app on it. No port is opened: tests call app.inject.
 */
export async function createTestApp(
  target: { url?: string },
  opts: { employees?: number; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', ...opts.env });
  const db = await openDb({
    url: target.url,
    schema: target.url ? `test_${randomBytes(6).toString('hex')}` : undefined,
  });
  await migrate(db);
  await seed(db, config, { employees: opts.employees ?? 40 });
  const app = await buildApp({ db, config });
  await app.ready();
  return {
    app,
    db,
    config,
    async login(username, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    auth: (token) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close();
      await db.close();
    },
  };
}
