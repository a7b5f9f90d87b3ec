import { childFields, columnOf, type FieldDef, formFields, RESOURCES, type ResourceDef } from '@peis/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed';
import { can, type SessionUser } from '../plugins/auth';
import { createTestApp, TEST_DATABASES, type TestApp } from '../test/harness';
import { sessionOf } from './test-users';

/**
 * The registry walk: every declared resource × every demo account × a row in the account's scope and one out
 * of it. What each call should answer is derived from the declaration (its permissions, its scope, which
 * routes it has) and from the account's permissions and unit — no table of expected answers: 200 in scope,
 * 404 out of scope (it does not reveal the row), 403 without the permission.
 */

type Row = Record<string, unknown>;

/** A value the form would accept for a field, for rows the walk creates in an empty table. */
function sample(f: FieldDef, units: { id: number }, employee: number): unknown {
  if (f.options?.length) {
    const v = f.options[0].value;
    return ['checkbox', 'multiSelect'].includes(f.kind) ? JSON.stringify([v]) : v;
  }
  switch (f.kind) {
    case 'number':
      return f.min ?? 1;
    case 'date':
      return '2024-01-01';
    case 'switch':
      return true;
    case 'company':
      return units.id;
    case 'employee':
      return employee;
    case 'remoteMultiSelect':
    case 'tags':
    case 'file':
    case 'checkbox':
    case 'multiSelect':
      return '[]';
    case 'richText':
      return '<p>巡检</p>';
    default:
      return `巡检${Math.random().toString(36).slice(2, 8)}`;
  }
}

describe.each(TEST_DATABASES)('registry walk: every resource × demo account × scope on $name', (target) => {
  let t: TestApp;
  const accounts: { username: string; token: string; user: SessionUser }[] = [];
  let unitIn: { id: number; path: string };
  let unitOut: { id: number; path: string };
  let empOwn: number;
  let empIn: number;
  let empOut: number;
  let made = 0;

  beforeAll(async () => {
    t = await createTestApp(target, { employees: 20 });
    for (const a of DEMO_ACCOUNTS) {
      const token = await t.login(a.username);
      accounts.push({ username: a.username, token, user: await sessionOf(t, a.username) });
    }
    const unit = async (name: string) =>
      (await t.db.query<{ id: number; path: string }>('SELECT id, path FROM units WHERE short_name = $1', [name]))
        .rows[0];
    unitIn = await unit('采油一厂');
    unitOut = await unit('采油二厂');
    const employee = accounts.find((a) => a.user.userType === 4)!;
    empOwn = Number(employee.user.employeeId);
    const emp = async (path: string) =>
      Number(
        (
          await t.db.query<{ id: number }>(
            `SELECT e.id FROM employees e JOIN units u ON u.id = e.unit_id
              WHERE u.path LIKE $1 || '%' AND e.id <> $2 AND e.deleted_at IS NULL ORDER BY e.id LIMIT 1`,
            [path, empOwn],
          )
        ).rows[0].id,
      );
    empIn = await emp(unitIn.path);
    empOut = await emp(unitOut.path);
  }, 120_000);
  afterAll(() => t?.close());

  const call = (method: string, url: string, token: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: t.auth(token), payload: payload as object });

  /** The column a scope is decided on: the unit, or the person's employee. */
  const scopeColumn = (def: ResourceDef) => {
    if (def.scope === 'unit') return columnOf('unitId', def.fields.unitId);
    if (def.scope === 'person' && def.personField) return columnOf(def.personField, def.fields[def.personField]);
    return null;
  };

  /**
   * A live row of the resource's table whose scope column is `value` (or any row), created through the
   * database when there is none: a copy of another row with that value, or a row made from the declaration.
   */
  async function rowWith(def: ResourceDef, value: number | null): Promise<number> {
    const col = scopeColumn(def);
    const live = def.softDelete === false ? 'TRUE' : 'deleted_at IS NULL';
    const where = col && value !== null ? `${live} AND ${col} = $1` : live;
    const found = await t.db.query<{ id: number }>(
      `SELECT id FROM ${def.table} WHERE ${where} ORDER BY id DESC LIMIT 1`,
      col && value !== null ? [value] : [],
    );
    if (found.rows[0]) return Number(found.rows[0].id);
    const { rows: columns } = await t.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_name = $1 AND table_schema = current_schema() AND column_name <> 'id'`,
      [def.table],
    );
    const names = columns.map((c) => `"${c.column_name}"`);
    const any = await t.db.query<{ id: number }>(`SELECT id FROM ${def.table} ORDER BY id LIMIT 1`);
    if (any.rows[0] && col) {
      // A copy with the scope value asked for; text columns under a unique index get a suffix.
      const { rows: unique } = await t.db.query<{ attname: string }>(
        `SELECT DISTINCT a.attname FROM pg_index i
           JOIN pg_class c ON c.oid = i.indrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND a.atttypid = 'text'::regtype
          WHERE c.relname = $1 AND i.indisunique AND NOT i.indisprimary
            AND (a.attnum = ANY(i.indkey) OR pg_get_indexdef(i.indexrelid) ~ ('\\m' || a.attname || '\\M'))`,
        [def.table],
      );
      const suffixed = new Set(unique.map((u) => `"${u.attname}"`));
      const tag = `'_w${++made}'`;
      const picked = names.map((n) => (n === `"${col}"` ? '$2' : suffixed.has(n) ? `${n} || ${tag}` : n));
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO ${def.table} (${names.join(', ')}) SELECT ${picked.join(', ')} FROM ${def.table} WHERE id = $1 RETURNING id`,
        [any.rows[0].id, value],
      );
      return Number(rows[0].id);
    }
    const id = await insertDeclared(def, def.table, col && value !== null ? { [col]: value } : {});
    return id;
  }

  /** Inserts a row made of the declaration's required fields (and, below it, the fewest child rows allowed). */
  async function insertDeclared(
    def: Pick<ResourceDef, 'fields'>,
    table: string,
    fixed: Record<string, unknown>,
  ): Promise<number> {
    const cols: string[] = Object.keys(fixed);
    const values: unknown[] = Object.values(fixed);
    for (const [k, f] of formFields(def)) {
      if (f.virtual || f.kind === 'children' || !(f.required || f.defaultValue !== undefined)) continue;
      if (cols.includes(columnOf(k, f))) continue;
      cols.push(columnOf(k, f));
      values.push(f.defaultValue ?? sample(f, unitIn, empIn));
    }
    // Columns the declaration does not set but the table requires (set by the server's own code).
    const { rows: required } = await t.db.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE table_name = $1 AND table_schema = current_schema() AND is_nullable = 'NO' AND column_default IS NULL`,
      [table],
    );
    const byType: Record<string, unknown> = { text: '巡检', date: '2024-01-01', boolean: true, jsonb: '{}' };
    for (const r of required) {
      if (cols.includes(r.column_name)) continue;
      cols.push(r.column_name);
      values.push(r.data_type in byType ? byType[r.data_type] : 1);
    }
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      values,
    );
    const id = Number(rows[0].id);
    for (const [, f] of childFields(def)) {
      const c = f.children;
      for (let n = 1; n <= Math.max(c.min ?? 0, 1); n++) {
        await insertDeclared(c, c.table, { [c.parentColumn]: id, position: n });
      }
    }
    return id;
  }

  /** The rows of the walk for one account: in its scope, and out of it when its scope leaves anything out. */
  async function rowsFor(def: ResourceDef, user: SessionUser): Promise<{ inScope: number; outOfScope?: number }> {
    if (def.scope === 'none') return { inScope: await rowWith(def, null) };
    if (def.scope === 'unit') {
      if (user.unitPath === null) return { inScope: await rowWith(def, unitOut.id) };
      return { inScope: await rowWith(def, unitIn.id), outOfScope: await rowWith(def, unitOut.id) };
    }
    if (user.userType === 4) return { inScope: await rowWith(def, empOwn), outOfScope: await rowWith(def, empIn) };
    if (user.unitPath === null) return { inScope: await rowWith(def, empOut) };
    return { inScope: await rowWith(def, empIn), outOfScope: await rowWith(def, empOut) };
  }

  /** The body of an edit: the record as read, its form fields and version (child rows as read, with ids). */
  function editBody(def: ResourceDef, rec: Row): Row {
    const body: Row = { version: rec.version };
    for (const [k] of formFields(def, 'update')) if (rec[k] !== undefined) body[k] = rec[k];
    return body;
  }

  /** Rows of an .xlsx's first sheet, header excluded. */
  async function sheetRows(buf: Buffer): Promise<number> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    return wb.worksheets[0].actualRowCount - 1;
  }

  const cases = Object.values(RESOURCES).flatMap((def) =>
    DEMO_ACCOUNTS.map((a) => ({ def, username: a.username, name: `${def.name} × ${a.username}` })),
  );

  it.each(cases)('$name', async ({ def, username }) => {
    const { token, user } = accounts.find((a) => a.username === username)!;
    const p = def.permissions;
    const may = (perm: string | undefined) => Boolean(perm && can(user, perm));
    const base = `/api${def.endpoint}`;
    const rows = await rowsFor(def, user);
    const say = (what: string) => `${def.name} ${username} ${what}`;

    const list = await call('GET', `${base}?pageSize=500`, token);
    expect(list.statusCode, say('list')).toBe(may(p.list) ? 200 : 403);
    // A regular staff account's own row is one its list shows: a resource may keep some of a person's rows
    // from them (a prescription's drafts), which the walk's own row could be.
    const shown = user.userType === 4 && may(p.list) ? (list.json().data.records as Row[])[0] : undefined;
    if (shown) rows.inScope = Number(shown.id);
    if (may(p.list) && rows.outOfScope) {
      const ids = (list.json().data.records as Row[]).map((r) => Number(r.id));
      expect(ids, say('list leaves out the row out of scope')).not.toContain(rows.outOfScope);
    }
    if (p.export) {
      const exp = await call('GET', `${base}/export`, token);
      expect(exp.statusCode, say('export')).toBe(may(p.export) ? 200 : 403);
      if (may(p.export) && may(p.list)) {
        const all = await call('GET', `${base}?pageSize=1`, token);
        // The export carries the rows the list counts: the same scope.
        expect(await sheetRows(exp.rawPayload), say('export rows')).toBe(all.json().data.total);
      }
    }

    for (const [where, id] of [
      ['in scope', rows.inScope],
      ['out of scope', rows.outOfScope],
    ] as const) {
      if (id === undefined) continue;
      const expected = (perm: string | undefined) => (!may(perm) ? 403 : where === 'in scope' ? 200 : 404);
      const got = await call('GET', `${base}/${id}`, token);
      expect(got.statusCode, say(`get ${where}`)).toBe(expected(p.view ?? p.list));
      if (p.update) {
        // Edited as read (by a company-wide account when this one may not read it): a valid body whoever sends it.
        const read = await t.db.query<{ version: number }>(`SELECT version FROM ${def.table} WHERE id = $1`, [id]);
        const current =
          got.statusCode === 200
            ? got.json().data
            : { ...(await recordAsAdmin(def, id)), version: read.rows[0].version };
        const put = await call('PUT', `${base}/${id}`, token, editBody(def, current));
        // Allowed and in scope, an edit may meet the row's state (a prescription is edited only as a draft): a
        // 409 naming the state. Never a 403 or 404 then.
        const stateRule = expected(p.update) === 200 && put.statusCode === 409 && put.json().data?.state !== undefined;
        expect(stateRule ? 200 : put.statusCode, `${say(`update ${where}`)} ${put.body}`).toBe(expected(p.update));
      }
      if (p.remove && def.softDelete !== false) {
        const del = await call('DELETE', `${base}/${id}`, token);
        // Allowed and in scope, a delete may still meet a rule of the resource (a built-in role, a unit with
        // employees): a 400 with its reason. Never a 403 or 404 then, and never anything else.
        const allowed = expected(p.remove) === 200 && del.statusCode === 400 && del.json().msg;
        expect(allowed ? 200 : del.statusCode, `${say(`delete ${where}`)} ${del.body}`).toBe(expected(p.remove));
        await t.db.query(`UPDATE ${def.table} SET deleted_at = NULL WHERE id = $1`, [id]);
      }
    }
  });

  /** A record as a company-wide account with the resource's read permission sees it (bodies for refused edits). */
  async function recordAsAdmin(def: ResourceDef, id: number): Promise<Row> {
    for (const a of accounts) {
      if (a.user.unitPath !== null || a.user.userType === 4) continue;
      const res = await call('GET', `/api${def.endpoint}/${id}`, a.token);
      if (res.statusCode === 200) return res.json().data;
    }
    // Nobody company-wide reads it: the declared fields' sample values make a valid body.
    const rec: Row = {};
    for (const [k, f] of formFields(def, 'update')) {
      if (f.kind === 'children') rec[k] = childFields(def).length ? [] : undefined;
      else rec[k] = f.required ? sample(f, unitIn, empIn) : undefined;
    }
    return rec;
  }
});
