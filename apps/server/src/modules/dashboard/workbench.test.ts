import { readFileSync } from 'node:fs';
import { ABNORMALITY_TYPES, abnormalityLevel, DEFAULT_ROLES } from '@peis/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateChecks } from '../../lib/rule-evaluation';
import { withTestApp } from '../../test/suite';

/** The unit subtree of the staff account (采油一厂) as a condition on `e.unit_id`. */
const STAFF_UNITS = `e.unit_id IN (SELECT id FROM units WHERE path LIKE (SELECT path FROM units WHERE short_name = '采油一厂') || '%')`;

withTestApp('workbench on $name', { employees: 300, users: ['admin', 'staff', 'expert', 'employee'] }, (t) => {
  const get = async (url: string, user: 'admin' | 'staff' | 'expert' | 'employee') => {
    const res = await t.app.inject({ url, headers: t.as(user) });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json().data;
  };

  /**
   * The bar chart's numbers counted here in TypeScript by the one definition (abnormalityLevel), from the
   * checks of the range within `where`: an independent count of what the SQL answers.
   */
  async function directCount(start: string, end: string, where: string) {
    const { rows } = await t.db.query<{ employee_id: number; sex: number; values: Record<string, number> }>(
      `SELECT c.employee_id, e.sex, c."values" FROM health_checks c JOIN employees e ON e.id = c.employee_id
          WHERE c.deleted_at IS NULL AND e.deleted_at IS NULL AND c.check_date BETWEEN $1::date AND $2::date AND ${where}`,
      [start, end],
    );
    const people = new Map<string, Set<number>>(ABNORMALITY_TYPES.map((a) => [a.key, new Set<number>()]));
    for (const r of rows) {
      for (const a of ABNORMALITY_TYPES) {
        if (abnormalityLevel(a.key, r.values, Number(r.sex)) > 0) people.get(a.key)!.add(Number(r.employee_id));
      }
    }
    return {
      checked: new Set(rows.map((r) => Number(r.employee_id))).size,
      values: ABNORMALITY_TYPES.map((a) => people.get(a.key)!.size),
    };
  }

  describe('高危指标统计', () => {
    it('counts the people of the default range (2023) by the one definition, within each scope', async () => {
      const admin = await get('/api/main/dashboard/high-risk', 'admin');
      expect(admin.start).toBe('2023-01-01');
      expect(admin.end).toBe('2023-12-31');
      expect(admin.bars.map((b: { name: string }) => b.name)).toEqual(['高血压', '高血脂', '高血糖', '高尿酸', '超重']);
      expect(admin.bars[4].criterion).toContain('BMI≥24');
      const all = await directCount('2023-01-01', '2023-12-31', 'TRUE');
      expect(all.checked).toBeGreaterThan(100);
      expect(admin.checked).toBe(all.checked);
      expect(admin.bars.map((b: { value: number }) => b.value)).toEqual(all.values);

      const staff = await get('/api/main/dashboard/high-risk?start=2023-01-01&end=2023-12-31', 'staff');
      const own = await directCount('2023-01-01', '2023-12-31', STAFF_UNITS);
      expect(staff.checked).toBe(own.checked);
      expect(staff.bars.map((b: { value: number }) => b.value)).toEqual(own.values);
      expect(staff.checked).toBeLessThan(admin.checked);
    });

    it('honours the range: another year counts other checks, an empty range counts nobody', async () => {
      const y2025 = await get('/api/main/dashboard/high-risk?start=2025-01-01&end=2025-12-31', 'admin');
      const direct = await directCount('2025-01-01', '2025-12-31', 'TRUE');
      expect(y2025.bars.map((b: { value: number }) => b.value)).toEqual(direct.values);
      const half = await get('/api/main/dashboard/high-risk?start=2025-01-01&end=2025-06-30', 'admin');
      const directHalf = await directCount('2025-01-01', '2025-06-30', 'TRUE');
      expect(half.checked).toBe(directHalf.checked);
      expect(half.bars.map((b: { value: number }) => b.value)).toEqual(directHalf.values);
      const empty = await get('/api/main/dashboard/high-risk?start=2010-01-01&end=2010-12-31', 'admin');
      expect(empty.checked).toBe(0);
      expect(empty.bars.every((b: { value: number }) => b.value === 0)).toBe(true);
    });

    it('follows every write: a new check, a removed check, a person’s sex and unit', async () => {
      const range = 'start=2023-01-01&end=2023-12-31';
      const same = async (user: 'admin' | 'staff', where: string) => {
        const answer = await get(`/api/main/dashboard/high-risk?${range}`, user);
        const direct = await directCount('2023-01-01', '2023-12-31', where);
        expect(answer.checked).toBe(direct.checked);
        expect(answer.bars.map((b: { value: number }) => b.value)).toEqual(direct.values);
        return answer as { checked: number; bars: { value: number }[] };
      };
      const before = await same('staff', STAFF_UNITS);
      // Someone of the staff account's units without a 2023 check gets one with high blood pressure.
      const { rows } = await t.db.query<{ id: number }>(
        `SELECT e.id FROM employees e WHERE ${STAFF_UNITS} AND e.deleted_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM health_checks c WHERE c.employee_id = e.id AND c.year = 2023) LIMIT 1`,
      );
      expect(rows[0]).toBeDefined();
      const person = rows[0].id;
      const check = await t.db.query<{ id: number }>(
        `INSERT INTO health_checks (employee_id, check_date, year, "values") VALUES ($1, DATE '2023-07-01', 2023, $2::jsonb) RETURNING id`,
        [person, JSON.stringify({ SBP: 165, DBP: 95, UA: 400 })],
      );
      const added = await same('staff', STAFF_UNITS);
      expect(added.checked).toBe(before.checked + 1);
      expect(added.bars[0].value).toBe(before.bars[0].value + 1);
      // Uric acid 400 is high for a woman only (女 >357, 男 >428).
      await t.db.query('UPDATE employees SET sex = CASE WHEN sex = 1 THEN 2 ELSE 1 END WHERE id = $1', [person]);
      await same('staff', STAFF_UNITS);
      // Moved out of the staff account's units: counted for the administrator only.
      await t.db.query(
        `UPDATE employees SET unit_id = (SELECT id FROM units WHERE short_name = '保卫部') WHERE id = $1`,
        [person],
      );
      expect((await same('staff', STAFF_UNITS)).checked).toBe(before.checked);
      await same('admin', 'TRUE');
      await t.db.query('UPDATE health_checks SET deleted_at = now() WHERE id = $1', [check.rows[0].id]);
      await same('admin', 'TRUE');
    });

    it('refuses a bad date or range with a Chinese message', async () => {
      for (const [qs, message] of [
        ['start=2023-12-31&end=2023-01-01', '结束日期不能早于开始日期'],
        ['start=2023-02-30&end=2023-12-31', '开始日期不存在'],
        ['start=abc&end=2023-12-31', '开始日期格式'],
        ['start=1990-01-01&end=2023-12-31', '日期范围不能超过 10 年'],
      ]) {
        const res = await t.app.inject({ url: `/api/main/dashboard/high-risk?${qs}`, headers: t.as('staff') });
        expect(res.statusCode, qs).toBe(400);
        expect(res.body, qs).toContain(message);
      }
    });
  });

  describe('项目甘特图', () => {
    it('shows each task’s actual first and last activity of the year from the rows', async () => {
      const year = new Date().getFullYear();
      const plan = await get(`/api/main/dashboard/plan?year=${year}`, 'admin');
      expect(plan.tasks.map((x: { name: string }) => x.name)).toEqual([
        '健康档案建档',
        '体检数据导入',
        '阳性随访',
        '总结报告',
      ]);
      const expected = await t.db.query<{ first: string; last: string }>(
        `SELECT to_char(min(created_at AT TIME ZONE 'Asia/Shanghai'), 'YYYY-MM-DD') AS first,
                  to_char(max(greatest(created_at, updated_at) AT TIME ZONE 'Asia/Shanghai'), 'YYYY-MM-DD') AS last
             FROM health_records`,
      );
      const records = plan.tasks[0];
      expect(records.actualStart).toBe(expected.rows[0].first);
      expect(records.actualEnd).toBe(expected.rows[0].last);
      // A task handled on a day of the year moves 阳性随访's last day; an old year has no activity at all.
      const { rows: findings } = await t.db.query<{ id: number; employee_id: number }>(
        `SELECT f.id, f.employee_id FROM positive_findings f JOIN employees e ON e.id = f.employee_id WHERE ${STAFF_UNITS} LIMIT 1`,
      );
      expect(findings[0]).toBeDefined();
      await t.db.query(
        `INSERT INTO positive_logs (finding_id, employee_id, action, note, created_at)
         VALUES ($1, $2, '电话沟通', '已电话沟通', ($3::date + time '12:00') AT TIME ZONE 'Asia/Shanghai')`,
        [findings[0].id, findings[0].employee_id, `${year}-12-30`],
      );
      const after = await get(`/api/main/dashboard/plan?year=${year}`, 'staff');
      expect(after.tasks[2].actualEnd).toBe(`${year}-12-30`);
      const old = await get('/api/main/dashboard/plan?year=2001', 'admin');
      expect(old.tasks.every((x: { actualStart: string | null }) => x.actualStart === null)).toBe(true);
    });

    it('counts activity within the account’s scope', async () => {
      const year = new Date().getFullYear();
      // A check created in the year for someone outside the staff account's units.
      const { rows } = await t.db.query<{ id: number }>(
        `SELECT e.id FROM employees e WHERE NOT ${STAFF_UNITS} AND e.deleted_at IS NULL ORDER BY e.id LIMIT 1`,
      );
      await t.db.query(
        `INSERT INTO health_checks (employee_id, check_date, year, "values", created_at)
           VALUES ($1, $2::date, $3, '{}'::jsonb, ($2::date + time '12:00') AT TIME ZONE 'Asia/Shanghai')`,
        [rows[0].id, `${year}-12-31`, year],
      );
      const admin = await get(`/api/main/dashboard/plan?year=${year}`, 'admin');
      const staff = await get(`/api/main/dashboard/plan?year=${year}`, 'staff');
      expect(admin.tasks[1].actualEnd).toBe(`${year}-12-31`);
      expect(staff.tasks[1].actualEnd).not.toBe(`${year}-12-31`);
    });

    it('stores planned dates (round trip), validates them and refuses accounts without the permission', async () => {
      const body = {
        year: 2026,
        tasks: [
          { key: 'records', plannedStart: '2026-01-05', plannedEnd: '2026-03-31' },
          { key: 'report', plannedStart: '2026-11-02', plannedEnd: '2026-12-18' },
        ],
      };
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/main/dashboard/plan',
        headers: t.as('staff'),
        payload: body,
      });
      expect(put.statusCode, put.body).toBe(200);
      const plan = await get('/api/main/dashboard/plan?year=2026', 'admin');
      expect(plan.tasks[0]).toMatchObject({ plannedStart: '2026-01-05', plannedEnd: '2026-03-31' });
      expect(plan.tasks[1]).toMatchObject({ plannedStart: null, plannedEnd: null });
      expect(plan.tasks[3]).toMatchObject({ plannedStart: '2026-11-02', plannedEnd: '2026-12-18' });
      // Cleared again by both dates empty.
      const clear = await t.app.inject({
        method: 'PUT',
        url: '/api/main/dashboard/plan',
        headers: t.as('admin'),
        payload: { year: 2026, tasks: [{ key: 'report', plannedStart: null, plannedEnd: null }] },
      });
      expect(clear.statusCode, clear.body).toBe(200);
      expect((await get('/api/main/dashboard/plan?year=2026', 'staff')).tasks[3].plannedStart).toBeNull();

      for (const [tasks, message] of [
        [[{ key: 'records', plannedStart: '2026-05-01', plannedEnd: '2026-04-01' }], '计划结束日期不能早于开始日期'],
        [[{ key: 'records', plannedStart: '2025-12-01', plannedEnd: '2026-04-01' }], '计划日期须在 2026 年内'],
        [[{ key: 'records', plannedStart: '2026-05-01', plannedEnd: null }], '请同时填写'],
        [[{ key: 'nothing', plannedStart: '2026-05-01', plannedEnd: '2026-06-01' }], '未知的计划任务'],
      ] as const) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/main/dashboard/plan',
          headers: t.as('admin'),
          payload: { year: 2026, tasks },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain(message);
      }
      for (const user of ['expert', 'employee'] as const) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/main/dashboard/plan',
          headers: t.as(user),
          payload: body,
        });
        expect(res.statusCode, user).toBe(403);
      }
    });
  });

  it('grants workPlan:edit to the built-in administrator and staff roles, also on an existing database', async () => {
    const holders = DEFAULT_ROLES.filter((r) => r.buttons.includes('workPlan:edit')).map((r) => r.code);
    expect(holders.sort()).toEqual(['companyAdmin', 'healthStaff']);
    // A database from before migration 015: the roles without the permission; the migration's grant adds it once.
    await t.db.query(
      "UPDATE roles SET buttons = array_remove(buttons, 'workPlan:edit') WHERE code IN ('companyAdmin', 'healthStaff')",
    );
    const sql = readFileSync(new URL('../../db/migrations/015_work_plan.sql', import.meta.url), 'utf8');
    const from = sql.indexOf('UPDATE roles');
    const grant = sql.slice(from, sql.indexOf(';', from) + 1);
    await t.db.exec(grant);
    await t.db.exec(grant);
    const { rows } = await t.db.query<{ code: string; n: number }>(
      `SELECT code, cardinality(array_positions(buttons, 'workPlan:edit'))::int AS n FROM roles ORDER BY code`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.code, r.n]))).toEqual({
      companyAdmin: 1,
      employee: 0,
      expert: 0,
      healthStaff: 1,
    });
  });

  describe('count cards', () => {
    beforeAll(async () => {
      // A 2026 check with high blood pressure inside the staff account's units: the year the old card took
      // (the latest of any tag) is then not the dashboard's year.
      const { rows } = await t.db.query<{ id: number }>(
        `SELECT e.id FROM employees e WHERE ${STAFF_UNITS} AND e.deleted_at IS NULL ORDER BY e.id LIMIT 1`,
      );
      const check = await t.db.query<{ id: number }>(
        `INSERT INTO health_checks (employee_id, check_date, year, "values") VALUES ($1, DATE '2026-01-15', 2026, $2::jsonb) RETURNING id`,
        [rows[0].id, JSON.stringify({ SBP: 190, DBP: 115, FPG: 12, BMI: 33 })],
      );
      await t.db.tx((q) => evaluateChecks(q, [Number(check.rows[0].id)]));
    });

    it('高危人群 equals the company dashboard’s 慢病 + 重病 for the same scope, as staff and as admin', async () => {
      for (const user of ['staff', 'admin'] as const) {
        const summary = await get('/api/main/dashboard/summary', user);
        const token = user === 'admin' ? t.token.admin : await t.login('admin');
        const params = user === 'staff' ? `&companyName=${encodeURIComponent('采油一厂')}` : '';
        const risk = (
          await t.app.inject({
            url: `/api/company/dashboard/fxrq?year=${summary.highRiskYear}${params}`,
            headers: t.auth(token),
          })
        ).json().data as { name: string; value: number }[];
        const chronic = risk.filter((x) => x.name === '慢病' || x.name === '重病').reduce((s, x) => s + x.value, 0);
        expect(summary.highRiskYear).toBe(2025);
        expect(chronic).toBeGreaterThan(0);
        expect(summary.highRisk, user).toBe(chronic);
      }
    });

    it('counts every card within the account scope', async () => {
      const data = await get('/api/main/dashboard/summary', 'staff');
      const inScope = (sql: string) => t.scalar(`${sql} AND ${STAFF_UNITS}`);
      expect(data.records).toBe(
        await inScope('SELECT count(*) FROM health_records r JOIN employees e ON e.id = r.employee_id WHERE true'),
      );
      expect(data.newFindings).toBe(
        await inScope(
          'SELECT count(*) FROM positive_findings f JOIN employees e ON e.id = f.employee_id WHERE f.status = 0',
        ),
      );
      expect(data.tasksDue).toBe(
        await inScope(
          'SELECT count(*) FROM positive_tasks t JOIN employees e ON e.id = t.employee_id WHERE t.status IN (1, 2) AND t.due_date < current_date + 7',
        ),
      );
      const mine = await inScope(
        `SELECT count(*) FROM positive_tasks t JOIN employees e ON e.id = t.employee_id
            WHERE t.status IN (1, 2) AND t.assignee_id = (SELECT id FROM users WHERE username = 'staff')`,
      );
      expect(mine).toBeGreaterThan(0);
      expect(data.myTasks).toBe(mine);
      const employee = await get('/api/main/dashboard/summary', 'employee');
      expect(employee.records).toBeLessThanOrEqual(1);
    });

    it('gives the expert their own assigned work', async () => {
      const data = await get('/api/main/dashboard/summary', 'expert');
      expect(data.myTasks).toBe(
        await t.scalar(
          `SELECT count(*) FROM positive_tasks WHERE status IN (1, 2) AND assignee_id = (SELECT id FROM users WHERE username = 'expert')`,
        ),
      );
      expect(data.myTasksDue).toBe(
        await t.scalar(
          `SELECT count(*) FROM positive_tasks WHERE status IN (1, 2) AND due_date < current_date + 7
                AND assignee_id = (SELECT id FROM users WHERE username = 'expert')`,
        ),
      );
    });
  });
});
