import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../plugins/auth';
import { createTestApp, TEST_DATABASES, type TestApp } from '../test/harness';
import { foldListCounts, listCount } from './paging';
import { unitScopeSql } from './scope';

/**
 * The maintained list counts (list_counts, migration 012) must equal the lists' COUNT(*) exactly after
 * every kind of write: for the whole company, a unit-scoped account, a unit filter and each key; and the
 * lists must answer those totals and the same rows as their plain queries.
 */
describe.each(TEST_DATABASES)('maintained list counts on $name', (target) => {
  let t: TestApp;
  let plant: { id: number; path: string };
  let area: number;
  const company = { userType: 1, unitPath: null } as SessionUser;
  let scoped: SessionUser;
  const scalar = async (sql: string, params: unknown[] = []) =>
    Number(Object.values((await t.db.query(sql, params)).rows[0])[0]);

  /** Each list's exact count, as its SQL would count it: [list, keys, FROM … WHERE with $scope / $unit]. */
  const EXACT: { list: string; keys: { k1?: string; k2?: string }; sql: string }[] = [
    { list: 'employees', keys: {}, sql: 'employees e WHERE e.deleted_at IS NULL' },
    {
      list: 'checks',
      keys: { k1: 'c.year' },
      sql: 'health_checks c JOIN employees e ON e.id = c.employee_id WHERE c.deleted_at IS NULL AND e.deleted_at IS NULL',
    },
    {
      list: 'findings',
      keys: { k1: 'f.status', k2: 'f.year' },
      sql: 'positive_findings f JOIN employees e ON e.id = f.employee_id WHERE TRUE',
    },
    {
      list: 'tasks',
      keys: { k1: 't.status' },
      sql: 'positive_tasks t JOIN employees e ON e.id = t.employee_id WHERE TRUE',
    },
    {
      list: 'plans',
      keys: { k1: 'p.status' },
      sql: 'follow_up_plans p JOIN employees e ON e.id = p.employee_id WHERE TRUE',
    },
    { list: 'follow-ups', keys: {}, sql: 'follow_up_records r JOIN employees e ON e.id = r.employee_id WHERE TRUE' },
    {
      list: 'contracts',
      keys: { k1: 's.year', k2: 's.status' },
      sql: 'service_contracts s JOIN employees e ON e.id = s.employee_id WHERE TRUE',
    },
  ];

  async function expectExact(when: string) {
    for (const user of [company, scoped]) {
      for (const unitId of [undefined, area]) {
        for (const x of EXACT) {
          // Every key value present, and no key at all.
          const keyRows = (
            await t.db.query<{ k1: number; k2: number }>(
              `SELECT DISTINCT ${x.keys.k1 ?? '0'} AS k1, ${x.keys.k2 ?? '0'} AS k2 FROM ${x.sql}`,
            )
          ).rows;
          for (const k of [undefined, ...keyRows]) {
            const params: unknown[] = [];
            const where = [x.sql, unitScopeSql(user, 'e.unit_id', params)];
            if (unitId) {
              params.push(unitId);
              where.push(
                `e.unit_id IN (SELECT id FROM units WHERE path LIKE (SELECT path FROM units WHERE id = $${params.length}) || '%')`,
              );
            }
            if (k && x.keys.k1) where.push(`${x.keys.k1} = ${Number(k.k1)}`);
            if (k && x.keys.k2) where.push(`${x.keys.k2} = ${Number(k.k2)}`);
            const exact = await scalar(`SELECT count(*) FROM ${where.join(' AND ')}`, params);
            const keys = k
              ? { k1: x.keys.k1 ? Number(k.k1) : undefined, k2: x.keys.k2 ? Number(k.k2) : undefined }
              : {};
            expect(
              await listCount(t.db, x.list, user, { unitId, ...keys }),
              `${when}: ${x.list} ${JSON.stringify(keys)} unit ${unitId} as ${user.unitPath ?? 'company'}`,
            ).toBe(exact);
          }
        }
      }
      const auditParams: unknown[] = [];
      const auditScope =
        user.unitPath === null
          ? 'TRUE'
          : `a.user_id IN (SELECT su.id FROM users su WHERE ${unitScopeSql(user, 'su.unit_id', auditParams)})`;
      expect(await listCount(t.db, 'audit', user, {}), `${when}: audit`).toBe(
        await scalar(`SELECT count(*) FROM audit_log a WHERE ${auditScope}`, auditParams),
      );
    }
  }

  beforeAll(async () => {
    t = await createTestApp(target, { employees: 120 });
    const { rows } = await t.db.query<{ id: number; path: string }>(
      `SELECT u.id, u.path FROM users s JOIN units u ON u.id = s.unit_id WHERE s.username = 'staff'`,
    );
    plant = { id: Number(rows[0].id), path: rows[0].path };
    scoped = { userType: 2, unitPath: plant.path } as SessionUser;
    area = await scalar('SELECT min(id) FROM units WHERE parent_id = $1', [plant.id]);
    // The demo makes no follow-ups: some plans (one ended) with a visit each, in the plant and elsewhere.
    await t.db.exec(`
      INSERT INTO follow_up_plans (employee_id, finding_id, title, method, frequency_days, next_date, status)
        SELECT t.employee_id, t.finding_id, '随访', 1, 30, t.due_date, 1 + (t.id % 2)::int FROM positive_tasks t;
      INSERT INTO follow_up_records (plan_id, employee_id, follow_date, method, outcome)
        SELECT id, employee_id, next_date, 1, '稳定' FROM follow_up_plans;`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('equal the counts of the seeded data', async () => {
    expect(await scalar('SELECT count(*) FROM follow_up_records')).toBeGreaterThan(0);
    await expectExact('seeded');
  });

  it('follow employees moving, leaving and coming back, and every kind of row change', async () => {
    const { rows: people } = await t.db.query<{ id: number }>(
      `SELECT e.id FROM employees e WHERE e.unit_id IN (SELECT id FROM units WHERE path LIKE $1)
          AND EXISTS (SELECT 1 FROM positive_tasks t WHERE t.employee_id = e.id) ORDER BY e.id LIMIT 3`,
      [`${plant.path}%`],
    );
    const [mover, leaver, other] = people.map((p) => Number(p.id));
    const outside = await scalar('SELECT min(id) FROM units WHERE path NOT LIKE $1 AND parent_id IS NOT NULL', [
      `${plant.path}%`,
    ]);
    await t.db.query('UPDATE employees SET unit_id = $2 WHERE id = $1', [mover, outside]);
    await expectExact('moved out of the plant');
    await t.db.query('UPDATE employees SET deleted_at = now() WHERE id = $1', [leaver]);
    await expectExact('deleted');
    await t.db.query('UPDATE employees SET deleted_at = NULL, unit_id = $2 WHERE id = $1', [leaver, area]);
    await expectExact('restored into a work area');
    await t.db.query(`UPDATE health_checks SET deleted_at = now() WHERE employee_id = $1`, [other]);
    await t.db.query(`UPDATE health_checks SET year = year - 1 WHERE id = (SELECT min(id) FROM health_checks)`);
    await expectExact('checks deleted and moved to another year');
    await t.db.query(
      `INSERT INTO employees (unit_id, name, id_card, sex, birthday) VALUES ($1, '新员工', '110101199001011237', 1, '1990-01-01')`,
      [area],
    );
    await t.db.query(
      `UPDATE positive_findings SET status = 2 WHERE id IN (SELECT id FROM positive_findings WHERE status = 0 LIMIT 5)`,
    );
    await t.db.query('UPDATE positive_tasks SET status = 3 WHERE employee_id = $1', [other]);
    await t.db.query('DELETE FROM follow_up_records WHERE employee_id = $1', [other]);
    await t.db.query('UPDATE follow_up_plans SET status = 2 WHERE employee_id = $1', [mover]);
    await t.db.query('UPDATE service_contracts SET status = 1 WHERE id IN (SELECT id FROM service_contracts LIMIT 7)');
    await t.db.query(
      `INSERT INTO audit_log (user_id, username, action) SELECT id, username, 'login' FROM users CROSS JOIN generate_series(1, 3)`,
    );
    await expectExact('rows inserted, updated and deleted');
    await foldListCounts(t.db, 'checks');
    await foldListCounts(t.db, 'audit');
    await expectExact('folded');
    await t.db.exec('TRUNCATE follow_up_records');
    await expectExact('truncated');
  }, 120_000);

  it('gives each list the total and the rows of its plain COUNT(*) and ORDER BY', async () => {
    const admin = t.auth(await t.login('admin'));
    const staff = t.auth(await t.login('staff'));
    const expert = t.auth(await t.login('expert'));
    const lists: { url: string; headers: Record<string, string>; count: string; ids: string }[] = [
      {
        url: '/api/phr?pageSize=7&page=2',
        headers: expert,
        count: 'SELECT count(*) FROM employees e WHERE e.deleted_at IS NULL',
        ids: `SELECT e.id FROM employees e JOIN units u ON u.id = e.unit_id WHERE e.deleted_at IS NULL
               ORDER BY u.sort_order, e.id LIMIT 7 OFFSET 7`,
      },
      ...[
        [25, 2],
        [11, 4],
        [50, 3],
      ].map(([size, page]) => ({
        // Pages across units of equal sort order and across sort orders.
        url: `/api/phr?pageSize=${size}&page=${page}`,
        headers: expert,
        count: 'SELECT count(*) FROM employees e WHERE e.deleted_at IS NULL',
        ids: `SELECT e.id FROM employees e JOIN units u ON u.id = e.unit_id WHERE e.deleted_at IS NULL
               ORDER BY u.sort_order, e.id LIMIT ${size} OFFSET ${size * (page - 1)}`,
      })),
      {
        url: `/api/phr?pageSize=5&page=3&unitId=${area}`,
        headers: staff,
        count: `SELECT count(*) FROM employees e WHERE e.deleted_at IS NULL AND e.unit_id = ${area}`,
        ids: `SELECT e.id FROM employees e WHERE e.deleted_at IS NULL AND e.unit_id = ${area} ORDER BY e.id LIMIT 5 OFFSET 10`,
      },
      {
        url: '/api/positive/task?pageSize=6&page=2',
        headers: staff,
        count: `SELECT count(*) FROM positive_tasks t JOIN employees e ON e.id = t.employee_id
                 WHERE e.unit_id IN (SELECT id FROM units WHERE path LIKE '${plant.path}%')`,
        ids: `SELECT t.id FROM positive_tasks t JOIN employees e ON e.id = t.employee_id
               WHERE e.unit_id IN (SELECT id FROM units WHERE path LIKE '${plant.path}%')
               ORDER BY t.status, t.due_date, t.id LIMIT 6 OFFSET 6`,
      },
      {
        url: '/api/account?pageSize=9&page=2',
        headers: admin,
        count: 'SELECT count(*) FROM employees WHERE deleted_at IS NULL',
        ids: 'SELECT id FROM employees WHERE deleted_at IS NULL ORDER BY unit_id, id DESC LIMIT 9 OFFSET 9',
      },
    ];
    for (const l of lists) {
      const res = await t.app.inject({ method: 'GET', url: l.url, headers: l.headers });
      expect(res.statusCode, res.body).toBe(200);
      const { total, records } = res.json().data as { total: number; records: { id: number }[] };
      expect(total, l.url).toBe(await scalar(l.count));
      expect(
        records.map((r) => Number(r.id)),
        l.url,
      ).toEqual((await t.db.query<{ id: number }>(l.ids)).rows.map((r) => Number(r.id)));
    }
  }, 60_000);
});
