import type { RouteOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { withTestApp } from '../test/suite';

/*
 * A generated fuzz over every registered route: bad path ids, bad query values and bad JSON bodies,
 * signed in as the administrator (every permission, the whole company). No answer may be a 5xx, and a
 * refused write may change no table.
 */

const BAD_PATH = ['2147483648', '0', '-1', 'abc', '1e309', '%00', '99999999999999999999', '2025-02-30'];
const BAD_QUERY = [
  'a%00b',
  '2147483648',
  '99999999999999999999',
  '-1',
  '2025-02-30',
  'x'.repeat(3000),
  '1e309',
  "'%20OR%201=1--",
];
const BAD_VALUES: unknown[] = [null, 'a\u0000b', 2147483648, -1, 1e308, '2025-02-30', 'x'.repeat(3000), {}, [], true];
const BAD_BODIES = ['{}', '[]', 'null', '"x"', '{"a":', '{"id":2147483648}'];
const FALLBACK_KEYS = ['id', 'unitId', 'employeeId', 'name', 'page', 'pageSize', 'year', 'startDate', 'endDate'];
/** Tables a refused request may legitimately write: the audit trail, sessions, the sign-in throttle, caches. */
const BOOKKEEPING = new Set(['audit_log', 'sessions', 'login_throttle', 'rollup_marks', 'dashboard_rollups']);

const keysOf = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
};

const isPublicAsset = (r: RouteOptions) => r.url === '/' || r.url.startsWith('/peis') || r.url.startsWith('/api/docs');

withTestApp('no bad input answers 5xx or writes half ($name)', { employees: 8, users: ['admin'] }, (t) => {
  let fingerprintSql: string;
  beforeAll(async () => {
    const { rows } = await t.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    fingerprintSql = rows
      .map((r) => r.table_name)
      .filter((n) => !BOOKKEEPING.has(n) && !n.startsWith('_'))
      .map((n) => `SELECT '${n}' AS t, count(*)::int AS n FROM "${n}"`)
      .join(' UNION ALL ');
  });

  const fingerprint = async () => JSON.stringify((await t.db.query(fingerprintSql)).rows);

  it('fuzzes every route', async () => {
    const routes = t.app.routeList
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ method, route: r })))
      .filter(({ method, route }) => method !== 'HEAD' && !isPublicAsset(route) && route.url !== '/api/logout');
    expect(routes.length).toBeGreaterThan(100);

    const failures: string[] = [];
    let requests = 0;
    let accepted = 0;
    const send = async (method: string, url: string, payload?: string) => {
      let res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${t.token.admin}`, 'content-type': 'application/json' },
        payload,
      });
      if (res.statusCode === 401 && !url.startsWith('/api/login')) {
        t.token.admin = await t.login('admin'); // a fuzzed call may end the session (e.g. a password change)
        res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: `Bearer ${t.token.admin}`, 'content-type': 'application/json' },
          payload,
        });
      }
      requests++;
      const where = `${method} ${url.slice(0, 120)} ${payload?.slice(0, 80) ?? ''} → ${res.statusCode}`;
      if (res.statusCode >= 500) failures.push(`${where} ${res.body.slice(0, 120)}`);
      if (res.statusCode < 400) accepted++;
    };

    for (const { method, route } of routes) {
      // Tables are counted around each route's whole batch: if none of its calls was accepted, none may
      // have written a row.
      const before = method === 'GET' ? '' : await fingerprint();
      accepted = 0;
      await fuzzRoute(method, route);
      if (method !== 'GET' && accepted === 0 && (await fingerprint()) !== before) {
        failures.push(`${method} ${route.url}: refused calls wrote rows`);
      }
    }
    expect(requests).toBeGreaterThan(2000);
    expect(failures).toEqual([]);

    async function fuzzRoute(method: string, route: RouteOptions) {
      const params = [...route.url.matchAll(/:([^/]+)/g)].map((m) => m[1]);
      const path = (values: Record<string, string>) =>
        route.url.replace(/:([^/]+)/g, (_m, name: string) => values[name] ?? '1');
      const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
      // Path parameters, one at a time.
      for (const p of params) for (const bad of BAD_PATH) await send(method, path({ [p]: bad }), body);
      // Query values, one key at a time.
      const qKeys = keysOf(route.schema?.querystring);
      for (const key of qKeys.length ? qKeys : method === 'GET' ? FALLBACK_KEYS : []) {
        for (const bad of BAD_QUERY) await send(method, `${path({})}?${key}=${bad}`, body);
      }
      if (method === 'GET' || method === 'DELETE') return;
      // JSON bodies: whole bodies of the wrong shape, then each key of the schema with wrong values.
      for (const raw of BAD_BODIES) await send(method, path({}), raw);
      for (const key of keysOf(route.schema?.body)) {
        for (const bad of BAD_VALUES) await send(method, path({}), JSON.stringify({ [key]: bad }));
      }
    }
  }, 900_000);
});
