import { defineResource, field } from '@peis/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/client';
import type { SessionUser } from '../plugins/auth';
import { createTestApp, TEST_DATABASES, type TestApp } from '../test/harness';
import { CrudRepository } from './crud-repository';
import { sessionOf } from './test-users';
import { exportXlsx } from './xlsx';

/** A read-only view over two tables: employees (t) joined to their unit (u) and its parent unit (p). */
const staffView = defineResource({
  name: 'staffView',
  label: '员工单位视图',
  route: '/test/staff-view',
  endpoint: '/test/staff-view',
  table: 'employees',
  permissions: { list: 'company:account', export: 'company:account' },
  scope: 'unit',
  softDelete: false,
  joins: [
    { alias: 'u', sql: 'JOIN units u ON u.id = t.unit_id' },
    { alias: 'p', sql: 'LEFT JOIN units p ON p.id = u.parent_id', needs: 'u' },
  ],
  fields: {
    name: field.input({ label: '姓名', list: true, filter: 'contains' }),
    unitId: field.company({ label: '单位', hideInExport: true }),
    unitName: field.computed({
      label: '单位简称',
      sql: 'u.short_name',
      list: true,
      filter: 'contains',
      sortable: true,
    }),
    parentName: field.computed({ label: '上级单位', sql: 'p.short_name', list: true }),
  },
  defaultSort: { field: 'name', order: 'asc' },
});

/** A Queryable that remembers the SQL it ran. */
function recording(q: Queryable) {
  const seen: string[] = [];
  const wrapped: Queryable = {
    query: (text, params) => {
      seen.push(text);
      return q.query(text, params);
    },
    exec: (s) => q.exec(s),
  };
  return { q: wrapped, seen };
}

describe.each(TEST_DATABASES)('declared read-only views on $name', (target) => {
  let t: TestApp;
  let admin: SessionUser;
  let staff: SessionUser;
  const repo = new CrudRepository(staffView);
  const query = { page: 1, pageSize: 500, filters: {} as Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await sessionOf(t, 'admin');
    staff = await sessionOf(t, 'staff'); // 采油一厂 and below
  });
  afterAll(() => t?.close());

  it('lists the joined columns, filters and sorts on a join, and counts what the list shows', async () => {
    const all = await repo.list(t.db, admin, query);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM employees');
    expect(all.total).toBe(rows[0].n);
    const first = all.records.find((r) => r.unitName === '采油一厂一区');
    expect(first).toMatchObject({ parentName: '采油一厂' });
    expect(first).not.toHaveProperty('deletedAt'); // a view has no soft delete

    const sorted = await repo.list(t.db, admin, { ...query, sort: 'unitName', order: 'desc' });
    const names = sorted.records.map((r) => String(r.unitName));
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en')).map(String));

    const filtered = await repo.list(t.db, admin, { ...query, filters: { unitName: '二区' } });
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.records.every((r) => r.unitName === '采油一厂二区')).toBe(true);
    expect(await repo.count(t.db, admin, { filters: { unitName: '二区' } })).toBe(filtered.total);
  });

  it('joins only what WHERE and ORDER BY need for the count and the page keys', async () => {
    const { q, seen } = recording(t.db);
    await repo.list(q, admin, { ...query, filters: { name: '张' } });
    const count = seen.find((s) => s.includes('count(*)'));
    expect(count).toBeDefined();
    expect(count).not.toMatch(/JOIN units/);
    seen.length = 0;
    await repo.list(q, admin, { ...query, filters: { unitName: '一区' } });
    const joined = seen.find((s) => s.includes('count(*)'));
    expect(joined).toMatch(/JOIN units u/);
    expect(joined).not.toMatch(/LEFT JOIN units p/);
  });

  it('reads one row with its joins, inside the scope only', async () => {
    const mine = (await repo.list(t.db, staff, query)).records;
    expect(mine.length).toBeGreaterThan(0);
    const got = await repo.get(t.db, staff, Number(mine[0].id));
    expect(got.unitName).toBe(mine[0].unitName);
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT e.id FROM employees e JOIN units u ON u.id = e.unit_id WHERE u.short_name = '采油二厂' LIMIT 1`,
    );
    await expect(repo.get(t.db, staff, Number(rows[0].id))).rejects.toMatchObject({ statusCode: 404 });
  });

  it('exports the joined columns', async () => {
    const stream = await exportXlsx(t.db, repo, admin, { unitName: '二区' }, false);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '姓名', '单位简称', '上级单位']);
    expect(ws.getRow(2).getCell(2).value).toBe('采油一厂二区');
    expect(ws.getRow(2).getCell(3).value).toBe('采油一厂');
  });
});
