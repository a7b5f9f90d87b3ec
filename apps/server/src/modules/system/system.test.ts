import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { HEALTH_DB_TIMEOUT_MS } from './routes';

describe('health, API docs and the web app under /peis/', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'peis-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>健康管理服务平台</title><div id="root"></div>');
    writeFileSync(join(dist, 'app.js'), 'console.log(1)');
    t = await createTestApp({}, { employees: 5, env: { WEB_DIST: dist } });
  });
  afterAll(() => t?.close());

  it('answers /api/health without a session', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('answers 503 with a Chinese message when the database does not answer', async () => {
    const query = t.db.query;
    // A database slower than the health check waits (PGlite held by a transaction, a PostgreSQL server gone
    // silent). It answers in the end, so the background jobs' queries caught meanwhile let the app close.
    t.db.query = ((...args: Parameters<typeof query>) =>
      new Promise((resolve) => setTimeout(resolve, HEALTH_DB_TIMEOUT_MS + 500)).then(() =>
        query.apply(t.db, args),
      )) as typeof query;
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, msg: '数据库无响应，服务暂不可用' });
      t.db.query = () => Promise.reject(new Error('connect ECONNREFUSED'));
      const down = await t.app.inject({ url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ code: 503, msg: '数据库连接失败，服务暂不可用' });
    } finally {
      t.db.query = query;
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('serves the OpenAPI document with the calls', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/login', '/api/me', '/api/logout', '/api/password', '/api/company/company/tree']),
    );
  });

  it('loads the app for deep links and keeps real 404s for files and the API', async () => {
    for (const url of ['/peis/', '/peis/login', '/peis/main/phr/detail/12', '/peis/company/dashboard']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('健康管理服务平台');
    }
    expect((await t.app.inject({ url: '/peis/app.js' })).body).toContain('console.log');
    expect((await t.app.inject({ url: '/peis/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 404, msg: '接口不存在' });
    const root = await t.app.inject({ url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/peis/');
  });
});
