import { beforeAll, expect, it } from 'vitest';
import { todayInChina } from '../../lib/dates';
import { withTestApp } from '../../test/suite';
import { generateContracts } from './contracts';
import { addDays } from './declared';

/**
 * Follow-up plans and service packages on their declarations: the lists of before (filters, order, answer)
 * served by the generic list, the declared actions beside the URLs of before, and person scope (404 outside).
 */
withTestApp('follow-up plans and service packages on $name', { employees: 120, users: ['staff'] }, (t) => {
  const { call } = t;
  /** Two people in the t.token.staff account's units (采油一厂) and one outside them. */
  let inside: { id: number; name: string }[];
  let outside: { id: number; name: string };
  const today = () => todayInChina();
  const plan = async (employeeId: number, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/follow-up/task', t.token.staff, {
      employeeId,
      title: '血压随访',
      method: 1,
      frequencyDays: 30,
      nextDate: addDays(today(), 10),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  /** A plan made in the database (the API makes them only for people in the author's scope). */
  const planOf = async (employeeId: number, assignee: string) =>
    Number(
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO follow_up_plans (employee_id, title, method, frequency_days, next_date, assignee_id)
           SELECT $1, '随访', 1, 30, current_date + 5, id FROM users WHERE username = $2 RETURNING id`,
          [employeeId, assignee],
        )
      ).rows[0].id,
    );
  const plans = async (query: string) => {
    const res = await call('GET', `/api/follow-up/task?pageSize=500&${query}`, t.token.staff);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.records as { id: number; status: number; nextDate: string; method: number }[];
  };

  beforeAll(async () => {
    const people = async (cond: string) =>
      (
        await t.db.query<{ id: number; name: string }>(
          `SELECT e.id::int AS id, e.name FROM employees e JOIN units u ON u.id = e.unit_id
            WHERE e.deleted_at IS NULL AND ${cond} ORDER BY e.id LIMIT 2`,
        )
      ).rows;
    const plant = "(SELECT path FROM units WHERE short_name = '采油一厂')";
    inside = await people(`u.path LIKE ${plant} || '%'`);
    [outside] = await people(`u.path NOT LIKE ${plant} || '%'`);
  });

  it('lists plans with the filters of before: status, method, due, mine, name; open plans first by next date', async () => {
    const due = await plan(inside[0].id, { nextDate: addDays(today(), -1) });
    const later = await plan(inside[1].id, { method: 2 });
    const byAdmin = await planOf(inside[1].id, 'admin');
    const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id));
    expect(ids(await plans('due=true'))).toContain(due);
    expect(ids(await plans('due=true'))).not.toContain(later);
    expect(ids(await plans('method=2'))).toEqual(expect.arrayContaining([later]));
    expect(ids(await plans('method=2'))).not.toContain(due);
    expect(ids(await plans('mine=true'))).toEqual(expect.arrayContaining([due, later]));
    expect(ids(await plans('mine=true'))).not.toContain(byAdmin);
    expect(ids(await plans(`name=${encodeURIComponent(inside[0].name)}`))).toContain(due);
    expect(ids(await plans(`name=${encodeURIComponent(inside[0].name)}`))).not.toContain(later);
    const all = await plans('');
    const order = all.map((r) => `${r.status}|${r.nextDate}|${String(r.id).padStart(9, '0')}`);
    expect(order).toEqual([...order].sort());
    // The answer of before: the person's name and unit as name/unitName, the visits' count, due, version.
    expect(all.find((r) => Number(r.id) === due)).toMatchObject({
      name: inside[0].name,
      unitName: expect.any(String),
      due: true,
      records: 0,
      version: 1,
      status: 1,
    });
    expect(Object.keys(all[0])).not.toContain('employeeIdName');
  });

  it('records a visit through the declared action: the effect ends a plan whose next date passes its end', async () => {
    const id = await plan(inside[0].id, { endDate: addDays(today(), 20) });
    const res = await call('POST', `/api/follow-up/task/${id}/actions/record`, t.token.staff, {
      followDate: today(),
      method: 1,
      outcome: '血压平稳',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ nextDate: addDays(today(), 30), status: 2 });
    expect((await plans('status=2')).map((r) => Number(r.id))).toContain(id);
    const tomorrow = await plan(inside[0].id);
    const late = await call('POST', `/api/follow-up/task/${tomorrow}/actions/record`, t.token.staff, {
      followDate: addDays(today(), 1),
      method: 1,
      outcome: 'x',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual([{ path: 'followDate', message: '随访日期不能晚于今天' }]);
  });

  it('ends an open plan (结束随访) once: a second time is 409 with the state, the old record URL a 400', async () => {
    const id = await plan(inside[1].id);
    const ended = await call('POST', `/api/follow-up/task/${id}/actions/finish`, t.token.staff, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({ status: 2 });
    const again = await call('POST', `/api/follow-up/task/${id}/actions/finish`, t.token.staff, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toEqual({ state: 2 });
    const legacy = await call('POST', `/api/follow-up/task/${id}/record`, t.token.staff, {
      followDate: today(),
      method: 1,
      outcome: 'x',
    });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json().msg).toBe('随访计划已结束');
  });

  it('keeps a plan outside the account’s units out of reach: 404 to read, record, end or edit it', async () => {
    const id = await planOf(outside.id, 'staff');
    expect((await call('GET', `/api/follow-up/task/${id}`, t.token.staff)).statusCode).toBe(404);
    const own = await plan(inside[0].id);
    expect((await call('GET', `/api/follow-up/task/${own}`, t.token.staff)).json().data).toMatchObject({
      id: own,
      status: 1,
    });
    const visit = { followDate: today(), method: 1, outcome: 'x' };
    expect((await call('POST', `/api/follow-up/task/${id}/record`, t.token.staff, visit)).statusCode).toBe(404);
    expect((await call('POST', `/api/follow-up/task/${id}/actions/finish`, t.token.staff, {})).statusCode).toBe(404);
    const edit = await call('PUT', `/api/follow-up/task/${id}`, t.token.staff, {
      employeeId: outside.id,
      title: '改',
      method: 1,
      frequencyDays: 30,
      nextDate: today(),
      status: 1,
      version: 1,
    });
    expect(edit.statusCode).toBe(404);
    expect((await plans('')).map((r) => Number(r.id))).not.toContain(id);
  });

  it('lists packages with the filters and order of before, signs and completes them by either URL', async () => {
    // Every person's package (the API makes them for the author's scope only).
    expect(await t.db.tx((q) => generateContracts(q, 2024))).toBeGreaterThan(0);
    const list = async (query: string) => {
      const res = await call('GET', `/api/contract?year=2024&pageSize=500&${query}`, t.token.staff);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        total: number;
        records: { id: number; status: number; level: number; age: number; unitName: string; name: string }[];
      };
    };
    const all = await list('');
    const everywhere = Number((await t.db.query('SELECT count(*) AS n FROM service_contracts')).rows[0].n);
    expect(all.total).toBeGreaterThan(0);
    expect(all.total).toBeLessThan(everywhere);
    const order = all.records.map((r) => [r.status, -r.level, Number(r.id)]);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]));
    expect(all.records[0]).toMatchObject({ age: expect.any(Number), year: 2024, riskLevel: expect.any(String) });
    const level = all.records[0].level;
    const ofLevel = await list(`level=${level}`);
    expect(ofLevel.total).toBeGreaterThan(0);
    expect(ofLevel.records.every((r) => r.level === level)).toBe(true);
    const first = all.records[0];
    const byName = await list(`name=${encodeURIComponent(first.name)}`);
    expect(byName.records.map((r) => r.id)).toContain(first.id);
    // 签约 by the declared action, 完成 by the URL of before; a wrong state is 409 there, 400 here.
    const signed = await call('POST', `/api/contract/${first.id}/actions/sign`, t.token.staff, { version: 1 });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await call('POST', `/api/contract/${first.id}/actions/sign`, t.token.staff, {})).json()).toMatchObject({
      code: 409,
      data: { state: 1 },
    });
    const stale = await call('POST', `/api/contract/${first.id}/complete`, t.token.staff, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await call('POST', `/api/contract/${first.id}/sign`, t.token.staff, { version: 2 })).statusCode).toBe(400);
    expect((await call('POST', `/api/contract/${first.id}/complete`, t.token.staff, { version: 2 })).statusCode).toBe(
      200,
    );
    const done = (await list('status=2')).records.find((r) => r.id === first.id);
    expect(done).toMatchObject({ signedAt: expect.any(String), completedAt: expect.any(String) });
    const away = Number(
      (
        await t.db.query(
          `SELECT s.id FROM service_contracts s WHERE s.year = 2024 AND s.id <> ALL($1::bigint[]) LIMIT 1`,
          [all.records.map((r) => r.id)],
        )
      ).rows[0].id,
    );
    expect((await call('POST', `/api/contract/${away}/sign`, t.token.staff, { version: 1 })).statusCode).toBe(404);
    expect((await call('POST', `/api/contract/${away}/actions/sign`, t.token.staff, {})).statusCode).toBe(404);
  });
});
