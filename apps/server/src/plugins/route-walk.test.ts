import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASES, type TestApp } from '../test/harness';

/** A concrete path of a route pattern: every :param becomes 1, a wildcard a file name. */
const concrete = (pattern: string) => pattern.replace(/:[^/]+/g, '1').replace(/\*$/, 'x.js');

const percent = (ch: string) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * The disguises a path can wear: percent-encoded letters (the router decodes them), double-encoded,
 * mixed case, a trailing slash, and their combinations. Each either reaches the route — and then its
 * sign-in check — or no route at all.
 */
function pathVariants(path: string): { name: string; path: string; reachesRoute: boolean }[] {
  const letters = [...path].map((ch, i) => ({ ch, i })).filter(({ ch }) => /[a-z]/i.test(ch));
  const encodeAt = (idx: number[]) => [...path].map((ch, i) => (idx.includes(i) ? percent(ch) : ch)).join('');
  const first = letters[0]?.i ?? -1;
  const last = letters.at(-1)?.i ?? -1;
  const all = letters.map((l) => l.i);
  return [
    { name: 'as registered', path, reachesRoute: true },
    { name: 'trailing slash', path: `${path}/`, reachesRoute: true },
    { name: 'first letter encoded', path: encodeAt([first]), reachesRoute: true },
    { name: 'last letter encoded', path: encodeAt([last]), reachesRoute: true },
    { name: 'every letter encoded', path: encodeAt(all), reachesRoute: true },
    { name: 'encoded with trailing slash', path: `${encodeAt([first])}/`, reachesRoute: true },
    {
      name: 'lower-case hex',
      path: encodeAt([first]).replace(/%[0-9A-F]{2}/, (m) => m.toLowerCase()),
      reachesRoute: true,
    },
    { name: 'double-encoded', path: encodeAt([first]).replace('%', '%25'), reachesRoute: false },
    { name: 'upper case', path: path.toUpperCase(), reachesRoute: false },
    { name: 'mixed case', path: path.replace(/[a-z]/g, (c, i) => (i % 2 ? c.toUpperCase() : c)), reachesRoute: false },
  ];
}

const isPublic = (r: RouteOptions) =>
  r.config?.public === true || r.url === '/' || r.url.startsWith('/peis') || r.url.startsWith('/api/docs');

describe.each(TEST_DATABASES)('every route requires sign-in, however its path is written ($name)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { employees: 5 });
  });
  afterAll(() => t?.close());

  it('walks every registered route with disguised paths and no token', async () => {
    const adminPermissions = async () =>
      (await t.db.query<{ n: number }>(`SELECT cardinality(menus) + cardinality(buttons) AS n FROM roles ORDER BY id`))
        .rows;
    const before = await adminPermissions();
    const routes = t.app.routeList.flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ method, route: r })),
    );
    const guarded = routes.filter(({ route }) => !isPublic(route));
    expect(guarded.length).toBeGreaterThan(100);

    const seen: string[] = [];
    for (const { method, route } of guarded) {
      for (const v of pathVariants(concrete(route.url))) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: v.path,
          headers: { 'content-type': 'application/json' },
          payload: method === 'GET' || method === 'HEAD' ? undefined : '{"menus":[],"buttons":[],"version":1}',
        });
        const where = `${method} ${v.path} (${v.name})`;
        if (v.reachesRoute) expect(res.statusCode, where).toBe(401);
        else expect([401, 404], where).toContain(res.statusCode);
        seen.push(where);
      }
    }
    // The bypass of the review: an encoded PUT that emptied the administrator role's permissions.
    expect(seen).toContain('PUT /%61pi/role/1/permissions (first letter encoded)');
    expect(await adminPermissions()).toEqual(before);
  });

  it('the public routes stay public', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/health' })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'x', password: 'y' } });
    expect(login.statusCode).toBe(401);
  });

  it('a file link takes the token from ?token= (and from nowhere else on other routes)', async () => {
    const token = await t.login('admin');
    expect((await t.app.inject({ method: 'GET', url: `/api/me?token=${token}` })).statusCode).toBe(401);
    const file = await t.app.inject({ method: 'GET', url: `/api/files/999999?token=${token}` });
    expect(file.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/999999' })).statusCode).toBe(401);
  });
});
