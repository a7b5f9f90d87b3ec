import {
  type ActionDef,
  columnOf,
  DEFAULT_ROLES,
  type FieldDef,
  type PermissionCode,
  RESOURCES,
  type ResourceDef,
} from '@peis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInChina } from '../lib/dates';
import { createTestApp, TEST_DATABASES, type TestApp } from '../test/harness';

/**
 * The state machine of every declared action, generated from RESOURCES: each state in `from` moves to `to`
 * and is audited (and logged, for resources with a log table below); every other state is a 409 naming the
 * current state; no permission is a 403; a row out of the account's scope is a 404; a bulk call is all or
 * nothing; a stale version is a 409. Rows are taken from the demo data in the wanted state, or put in it.
 */

/** Demo account of each default role (db/seed.ts). */
const ACCOUNT: Record<string, string> = {
  companyAdmin: 'admin',
  healthStaff: 'staff',
  expert: 'expert',
  employee: 'employee',
};

/** The log rows an action writes besides the audit entry, per table (how a test finds them). */
const LOGS: Record<string, (id: number, action: string) => [string, unknown[]]> = {
  positive_findings: (id, action) => [
    'SELECT count(*) FROM positive_logs WHERE finding_id = $1 AND action = $2',
    [id, action],
  ],
  positive_tasks: (id, action) => [
    'SELECT count(*) FROM positive_logs WHERE task_id = $1 AND action = $2',
    [id, action],
  ],
};

/** Rows for tables the demo data leaves empty (each case takes rows of its own). */
const EXTRA_ROWS: Record<string, string> = {
  follow_up_plans: `INSERT INTO follow_up_plans (employee_id, finding_id, title, method, frequency_days, next_date, status)
    SELECT t.employee_id, t.finding_id, '随访', 1, 30, t.due_date, 1 + (t.id % 2)::int FROM positive_tasks t`,
  // Prescriptions: one open per person and kind (a case may reopen a row), so each 已完成 row belongs to a person of
  // its own — the demo's people without one, and eight more people per unit made here.
  diet_prescriptions: `WITH more AS (
      INSERT INTO employees (unit_id, name, id_card, sex, birthday)
      SELECT u.id, '膳食' || g, 'RXD' || u.id || '-' || g, 1, '1980-01-01' FROM units u, generate_series(1, 8) g
      RETURNING id)
    INSERT INTO diet_prescriptions (employee_id, status, activity_level, height, weight, bmi, ideal_weight, body_type,
      kcal_per_kg, target_kcal, bmr, pal, tee)
    SELECT e.id, 4, 2, 170, 65, 22.5, 65, 2, 30, 1950, 1573.75, 1.4, 2203
      FROM (SELECT id FROM more UNION
            SELECT id FROM employees x WHERE NOT EXISTS (SELECT 1 FROM diet_prescriptions p WHERE p.employee_id = x.id)) e`,
  fitness_prescriptions: `WITH more AS (
      INSERT INTO employees (unit_id, name, id_card, sex, birthday)
      SELECT u.id, '运动' || g, 'RXF' || u.id || '-' || g, 2, '1985-01-01' FROM units u, generate_series(1, 8) g
      RETURNING id),
    p AS (
      INSERT INTO fitness_prescriptions (employee_id, status, max_intensity)
      SELECT e.id, 4, 2
        FROM (SELECT id FROM more UNION
              SELECT id FROM employees x WHERE NOT EXISTS (SELECT 1 FROM fitness_prescriptions f WHERE f.employee_id = x.id)) e
      RETURNING id)
    INSERT INTO fitness_prescription_items (prescription_id, position, item_id, minutes, sessions_per_week)
    SELECT p.id, 1, (SELECT min(id) FROM fitness_items), 30, 5 FROM p`,
  // 干预任务: the demo runs touch a few people only; one open task per person of a test-only year.
  intervention_tasks: `INSERT INTO intervention_tasks (employee_id, model_id, model_version, year, status, start_date, due_date)
    SELECT e.id, m.id, m.version, 2000, 1, current_date, current_date + 90
      FROM employees e, (SELECT id, version FROM intervention_models ORDER BY id LIMIT 1) m
    ON CONFLICT DO NOTHING`,
};

const WITH_ACTIONS = Object.values(RESOURCES).filter((d) => d.stateField && d.actions && Object.keys(d.actions).length);

const holds = (username: string, permission: PermissionCode) =>
  DEFAULT_ROLES.some(
    (r) => ACCOUNT[r.code] === username && (r.buttons.includes(permission) || r.menus.includes(permission)),
  );

describe.each(TEST_DATABASES)('declared actions on $name', (target) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const used = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp(target, { employees: 120 });
    for (const username of Object.values(ACCOUNT)) tokens[username] = await t.login(username);
    for (const def of WITH_ACTIONS) if (EXTRA_ROWS[def.table]) await t.db.query(EXTRA_ROWS[def.table]);
  });
  afterAll(() => t?.close());

  const scalar = async (sql: string, params: unknown[] = []) =>
    Object.values((await t.db.query(sql, params)).rows[0] ?? { v: null })[0];
  const post = (url: string, username: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: t.auth(tokens[username]), payload });

  /** The SQL condition "row t is within the account's scope" (or outside it), from the declaration. */
  async function scopeSql(def: ResourceDef, username: string, inside: boolean): Promise<string | null> {
    const path = (await scalar(
      'SELECT un.path FROM users u LEFT JOIN units un ON un.id = u.unit_id WHERE u.username = $1',
      [username],
    )) as string | null;
    if (def.scope === 'none' || path === null) return inside ? 'TRUE' : null;
    const units = `SELECT id FROM units WHERE path LIKE '${path}%'`;
    const col =
      def.scope === 'person'
        ? `(SELECT e.unit_id FROM employees e WHERE e.id = t.${columnOf(def.personField!, def.fields[def.personField!])})`
        : 't.unit_id';
    return `${col} ${inside ? '' : 'NOT '}IN (${units})`;
  }

  /**
   * A row not used by another case, in the account's scope (or outside it), preferably already in `state`
   * (its related rows are then what that state implies); otherwise one put in that state.
   */
  async function freshRow(def: ResourceDef, username: string, state: unknown, inside = true): Promise<number> {
    const scope = await scopeSql(def, username, inside);
    if (!scope) throw new Error(`${def.name}: no row outside the scope of ${username}`);
    const stateCol = columnOf(def.stateField!, def.fields[def.stateField!]);
    const live = def.softDelete === false ? 'TRUE' : 't.deleted_at IS NULL';
    const skip = [...used].filter((k) => k.startsWith(`${def.table}:`)).map((k) => Number(k.split(':')[1]));
    const pick = async (cond: string) =>
      (await scalar(
        `SELECT t.id FROM ${def.table} t WHERE ${live} AND ${scope} AND ${cond} AND t.id <> ALL($2::bigint[]) ORDER BY t.id LIMIT 1`,
        [state, skip],
      )) as number | null;
    let id = await pick(`t.${stateCol} = $1`);
    if (id === null) {
      id = await pick('$1::text IS NOT NULL');
      if (id === null) throw new Error(`${def.name}: no row left`);
      await t.db.query(`UPDATE ${def.table} SET ${stateCol} = $1 WHERE id = $2`, [state, id]);
    }
    used.add(`${def.table}:${id}`);
    return Number(id);
  }

  const stateOf = (def: ResourceDef, id: number) =>
    scalar(`SELECT ${columnOf(def.stateField!, def.fields[def.stateField!])} FROM ${def.table} WHERE id = $1`, [id]);
  const audits = (def: ResourceDef, action: string, id: number) =>
    scalar(
      "SELECT count(*)::int FROM audit_log WHERE resource = $1 AND action = $2 AND $3 = ANY(string_to_array(record_id, ','))",
      [def.name, action, String(id)],
    );

  /** A valid value of an action's field: the first option (or remote record), today's date, a text. */
  async function sample(f: FieldDef, username: string): Promise<unknown> {
    if (f.remote) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api${f.remote.endpoint}?page=1&pageSize=5`,
        headers: t.auth(tokens[username]),
      });
      const data = res.json().data;
      return (Array.isArray(data) ? data : data.records)[0][f.remote.valueKey];
    }
    if (f.options?.length) {
      return f.kind === 'checkbox' || f.kind === 'multiSelect' ? [f.options[0].value] : f.options[0].value;
    }
    // Today: neither a past due date nor a future visit date.
    if (f.kind === 'date') return todayInChina();
    if (f.kind === 'number') return f.min ?? 1;
    if (f.kind === 'switch') return true;
    return '测试处理';
  }
  async function body(action: ActionDef, username: string): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [k, f] of Object.entries(action.fields ?? {})) out[k] = await sample(f, username);
    return out;
  }

  for (const def of WITH_ACTIONS) {
    const states = def.fields[def.stateField!].options?.map((o) => o.value) ?? [];
    for (const [name, action] of Object.entries(def.actions!)) {
      const actor =
        Object.values(ACCOUNT).find((u) => u === 'staff' && holds(u, action.permission)) ??
        Object.values(ACCOUNT).find((u) => holds(u, action.permission))!;
      const outsider = Object.values(ACCOUNT).find((u) => !holds(u, action.permission));
      const url = (id: number) => `/api${def.endpoint}/${id}/actions/${name}`;
      const refusedStates = states.filter((s) => !action.from.some((f) => String(f) === String(s)));

      describe(`${def.name}.${name} (${action.label})`, () => {
        for (const from of action.from) {
          it(`moves a row from ${from} to ${action.to ?? from}, audited and logged`, async () => {
            const id = await freshRow(def, actor, from);
            const version = await scalar(`SELECT version FROM ${def.table} WHERE id = $1`, [id]);
            const res = await post(url(id), actor, await body(action, actor));
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().data[def.stateField!]).toEqual(action.to ?? from);
            expect(String(await stateOf(def, id))).toBe(String(action.to ?? from));
            expect(await scalar(`SELECT version FROM ${def.table} WHERE id = $1`, [id])).toBe(Number(version) + 1);
            expect(await audits(def, name, id)).toBe(1);
            const log = LOGS[def.table];
            if (log) expect(Number(await scalar(...log(id, name)))).toBeGreaterThan(0);
          });
        }

        if (refusedStates.length) {
          it(`refuses every other state (${refusedStates.join(', ')}) with 409 and the current state`, async () => {
            const id = await freshRow(def, actor, refusedStates[0]);
            const values = await body(action, actor);
            for (const s of refusedStates) {
              await t.db.query(
                `UPDATE ${def.table} SET ${columnOf(def.stateField!, def.fields[def.stateField!])} = $1 WHERE id = $2`,
                [s, id],
              );
              const res = await post(url(id), actor, values);
              expect(res.statusCode, `${s}: ${res.body}`).toBe(409);
              expect(res.json().data.state).toEqual(s);
              expect(res.json().msg).toContain(`不能执行「${action.label}」`);
              expect(String(await stateOf(def, id))).toBe(String(s));
            }
            expect(await audits(def, name, id)).toBe(0);
          });
        }

        if (outsider) {
          it(`answers 403 to an account without ${action.permission}`, async () => {
            const id = await freshRow(def, actor, action.from[0]);
            const res = await post(url(id), outsider, await body(action, actor));
            expect(res.statusCode).toBe(403);
            expect(String(await stateOf(def, id))).toBe(String(action.from[0]));
          });
        }

        it('answers 404 for a row out of the account’s scope or absent, and 409 for a stale version', async () => {
          const values = await body(action, actor);
          if (await scopeSql(def, actor, false)) {
            const outside = await freshRow(def, actor, action.from[0], false);
            expect((await post(url(outside), actor, values)).statusCode).toBe(404);
            expect(String(await stateOf(def, outside))).toBe(String(action.from[0]));
          }
          expect((await post(url(2_000_000_000), actor, values)).statusCode).toBe(404);
          const id = await freshRow(def, actor, action.from[0]);
          const version = Number(await scalar(`SELECT version FROM ${def.table} WHERE id = $1`, [id]));
          const stale = await post(url(id), actor, { ...values, version: version + 5 });
          expect(stale.statusCode).toBe(409);
          expect(String(await stateOf(def, id))).toBe(String(action.from[0]));
        });

        if (action.bulk) {
          it('runs on several rows at once, all or nothing', async () => {
            const bulkUrl = `/api${def.endpoint}/actions/${name}`;
            const values = await body(action, actor);
            const [a, b] = [await freshRow(def, actor, action.from[0]), await freshRow(def, actor, action.from[0])];
            if (refusedStates.length) {
              const bad = await freshRow(def, actor, refusedStates[0]);
              const res = await post(bulkUrl, actor, { ...values, ids: [a, bad] });
              expect(res.statusCode).toBe(409);
              expect(res.json().data).toMatchObject({ id: bad, state: refusedStates[0] });
              expect(String(await stateOf(def, a))).toBe(String(action.from[0]));
              expect(await audits(def, name, a)).toBe(0);
            }
            const ok = await post(bulkUrl, actor, { ...values, ids: [a, b] });
            expect(ok.statusCode, ok.body).toBe(200);
            expect(ok.json().data).toEqual({ count: 2 });
            for (const id of [a, b]) expect(String(await stateOf(def, id))).toBe(String(action.to ?? action.from[0]));
          });
        }
      });
    }
  }
});
