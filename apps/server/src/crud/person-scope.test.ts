import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineResource, field } from '@peis/shared';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../plugins/auth';
import { createTestApp, TEST_DATABASES, type TestApp } from '../test/harness';
import { CrudRepository } from './crud-repository';
import { sessionOf } from './test-users';
import { exportXlsx, importXlsx } from './xlsx';

/** A person-scoped resource over health_checks (one employee's rows), with an employee and a file field. */
const personal = defineResource({
  name: 'personalTest',
  label: '个人记录',
  route: '/test/personal',
  endpoint: '/test/personal',
  table: 'health_checks',
  permissions: { list: 'main:phr', create: 'phr:edit', update: 'phr:edit', remove: 'phr:edit', export: 'main:phr' },
  scope: 'person',
  personField: 'employeeId',
  fields: {
    employeeId: field.employee({ label: '员工', required: true, list: true, filter: 'eq' }),
    checkDate: field.date({ label: '日期', required: true, list: true }),
    year: field.number({ label: '年度', required: true }),
    provider: field.input({ label: '机构', list: true, filter: 'contains' }),
    attachments: field.file({ label: '附件', column: '"values"', maxFiles: 3, hideInExport: true }),
  },
});

describe.each(TEST_DATABASES)('person scope and employee fields of the generic repository on $name', (target) => {
  let t: TestApp;
  const repo = new CrudRepository(personal);
  const who: Record<'admin' | 'staff' | 'employee', SessionUser> = {} as never;
  /** Employees: the employee account's own, another of 采油一厂 (staff's subtree), one of 采油二厂. */
  const emp = { own: 0, sibling: 0, outside: 0 };
  const row = { own: 0, sibling: 0, outside: 0 };
  const req = (user: SessionUser) => ({ user, ip: '127.0.0.1' }) as unknown as FastifyRequest;
  const query = (filters: Record<string, string> = {}) => ({
    page: 1,
    pageSize: 50,
    filters: { provider: '范围测试', ...filters },
  });

  beforeAll(async () => {
    t = await createTestApp(target, { employees: 20 });
    for (const u of ['admin', 'staff', 'employee'] as const) who[u] = await sessionOf(t, u);
    emp.own = Number(who.employee.employeeId);
    const pick = async (unit: string, not: number) =>
      Number(
        (
          await t.db.query<{ id: number }>(
            `SELECT e.id FROM employees e JOIN units u ON u.id = e.unit_id
              WHERE u.path LIKE (SELECT path FROM units WHERE short_name = $1) || '%' AND e.id <> $2 ORDER BY e.id LIMIT 1`,
            [unit, not],
          )
        ).rows[0].id,
      );
    emp.sibling = await pick('采油一厂', emp.own);
    emp.outside = await pick('采油二厂', emp.own);
    for (const k of ['own', 'sibling', 'outside'] as const) {
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO health_checks (employee_id, check_date, year, provider) VALUES ($1, '2020-01-0${k.length}', 2020, '范围测试') RETURNING id`,
        [emp[k]],
      );
      row[k] = Number(rows[0].id);
    }
  });
  afterAll(() => t?.close());

  const ids = (records: Record<string, unknown>[]) => records.map((r) => Number(r.id)).sort();

  it('lists and counts only the rows in scope: everything, the unit subtree, the own employee', async () => {
    expect(ids((await repo.list(t.db, who.admin, query())).records)).toEqual(
      [row.own, row.sibling, row.outside].sort(),
    );
    const staff = await repo.list(t.db, who.staff, query());
    expect(ids(staff.records)).toEqual([row.own, row.sibling].sort());
    expect(staff.total).toBe(2);
    const mine = await repo.list(t.db, who.employee, query());
    expect(ids(mine.records)).toEqual([row.own]);
    expect(await repo.count(t.db, who.employee, query())).toBe(1);
  });

  it('shows the employee name and unit, and filters by id or by name', async () => {
    const { rows } = await t.db.query<{ name: string; unit: string }>(
      'SELECT e.name, u.short_name AS unit FROM employees e JOIN units u ON u.id = e.unit_id WHERE e.id = $1',
      [emp.sibling],
    );
    const rec = await repo.get(t.db, who.staff, row.sibling);
    expect(rec).toMatchObject({
      employeeId: emp.sibling,
      employeeIdName: rows[0].name,
      employeeIdUnitName: rows[0].unit,
    });
    expect(ids((await repo.list(t.db, who.admin, query({ employeeId: String(emp.sibling) }))).records)).toEqual([
      row.sibling,
    ]);
    const byName = await repo.list(t.db, who.admin, query({ employeeIdName: rows[0].name }));
    expect(byName.records.every((r) => r.employeeIdName === rows[0].name)).toBe(true);
    expect(ids(byName.records)).toContain(row.sibling);
  });

  it('answers 404 for a row out of scope on read, update and delete', async () => {
    await expect(repo.get(t.db, who.employee, row.sibling)).rejects.toMatchObject({ statusCode: 404 });
    await expect(repo.get(t.db, who.staff, row.outside)).rejects.toMatchObject({ statusCode: 404 });
    const values = { employeeId: emp.outside, checkDate: '2020-02-01', year: 2020, provider: '范围测试' };
    await expect(
      t.db.tx((q) => repo.update(q, req(who.staff), who.staff, row.outside, values, 1)),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(t.db.tx((q) => repo.remove(q, req(who.staff), who.staff, row.outside))).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await repo.get(t.db, who.admin, row.outside)).deletedAt).toBeNull();
  });

  it('refuses to write an employee outside the scope, as a field error', async () => {
    const values = { employeeId: emp.outside, checkDate: '2020-03-01', year: 2020, provider: '范围测试' };
    const err = await t.db.tx((q) => repo.create(q, req(who.staff), who.staff, values)).catch((e) => e);
    expect(err).toMatchObject({
      statusCode: 400,
      errors: [{ path: 'employeeId', message: '员工不存在或不在账号的单位范围内' }],
    });
    const moved = await t.db
      .tx((q) => repo.update(q, req(who.staff), who.staff, row.sibling, { ...values }, 1))
      .catch((e) => e);
    expect(moved).toMatchObject({ statusCode: 400, errors: [{ path: 'employeeId' }] });
    const ok = await t.db.tx((q) =>
      repo.create(q, req(who.staff), who.staff, { ...values, employeeId: emp.sibling, checkDate: '2020-03-02' }),
    );
    expect(ok.employeeId).toBe(emp.sibling);
    await t.db.query('DELETE FROM audit_log WHERE resource = $1', ['personalTest']);
    await t.db.query('DELETE FROM health_checks WHERE id = $1', [ok.id]);
  });

  it('accepts only files this server stored', async () => {
    const { rows: users } = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'staff'`);
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO uploads (storage_key, original_name, mime, size, sha256, purpose, uploaded_by)
       VALUES ('k-person-scope', '报告.pdf', 'application/pdf', 10, 'x', 'file', $1) RETURNING id`,
      [users[0].id],
    );
    const base = { employeeId: emp.sibling, checkDate: '2020-01-05', year: 2020, provider: '范围测试' };
    const save = (attachments: unknown) =>
      t.db.tx((q) => repo.update(q, req(who.staff), who.staff, row.sibling, { ...base, attachments }, current));
    let current = Number((await repo.get(t.db, who.staff, row.sibling)).version);
    for (const url of ['https://evil.example/a.pdf', '/api/files/99999999', `/api/files/${rows[0].id}/../1`]) {
      const err = await save([{ url, name: 'a.pdf' }]).catch((e) => e);
      expect(err, url).toMatchObject({
        statusCode: 400,
        errors: [{ path: 'attachments', message: '附件只能是本系统上传的文件' }],
      });
    }
    const saved = await save([{ url: `/api/files/${rows[0].id}`, name: '报告.pdf' }]);
    expect(saved.attachments).toEqual([{ url: `/api/files/${rows[0].id}`, name: '报告.pdf' }]);
    current = Number(saved.version);
  });

  it('exports only the rows in scope, the employee as name（unit）', async () => {
    const stream = await exportXlsx(t.db, repo, who.staff, { provider: '范围测试' }, false);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(3); // header + own + sibling
    const { rows } = await t.db.query<{ label: string }>(
      `SELECT e.name || '（' || u.short_name || '）' AS label FROM employees e JOIN units u ON u.id = e.unit_id WHERE e.id = $1`,
      [emp.sibling],
    );
    const cells = [ws.getRow(2).getCell(1).value, ws.getRow(3).getCell(1).value];
    expect(cells).toContain(rows[0].label);
  });

  it('imports the employee named by ID number, staff number or 姓名（单位）, in scope only', async () => {
    const { rows } = await t.db.query<{ name: string; unit: string; idCard: string; jobNo: string | null }>(
      `SELECT e.name, u.short_name AS unit, e.id_card AS "idCard", e.job_no AS "jobNo"
         FROM employees e JOIN units u ON u.id = e.unit_id WHERE e.id = $1`,
      [emp.sibling],
    );
    const { rows: out } = await t.db.query<{ idCard: string }>(
      'SELECT id_card AS "idCard" FROM employees WHERE id = $1',
      [emp.outside],
    );
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导入');
    ws.addRow(['员工', '日期', '年度', '机构']);
    ws.addRow([rows[0].idCard, '2021-01-01', 2021, '导入测试']);
    ws.addRow([`${rows[0].name}（${rows[0].unit}）`, '2021-01-02', 2021, '导入测试']);
    ws.addRow([out[0].idCard, '2021-01-03', 2021, '导入测试']);
    ws.addRow(['查无此人', '2021-01-04', 2021, '导入测试']);
    const path = join(tmpdir(), `person-import-${Date.now()}.xlsx`);
    await writeFile(path, Buffer.from(await wb.xlsx.writeBuffer()));
    const report = await importXlsx(t.db, repo, who.staff, path, async (q, values) => {
      await repo.create(q, req(who.staff), who.staff, values);
      return 'created';
    });
    expect(report.created).toBe(2);
    expect(report.refused.map((r) => [r.row, r.reason])).toEqual([
      [4, '员工不存在或不在账号的单位范围内'],
      [5, '员工不存在或不在账号的单位范围内'],
    ]);
    const { rows: made } = await t.db.query<{ employee_id: number }>(
      `SELECT employee_id FROM health_checks WHERE provider = '导入测试'`,
    );
    expect(made.map((r) => Number(r.employee_id))).toEqual([emp.sibling, emp.sibling]);
  });

  it('picks employees by name, ID number or staff number, within the account scope', async () => {
    const call = async (username: string, q: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/employees/pick?q=${encodeURIComponent(q)}`,
          headers: t.auth(await t.login(username)),
        })
      ).json();
    const { rows } = await t.db.query<{ name: string; idCard: string; unit: string }>(
      `SELECT e.name, e.id_card AS "idCard", u.short_name AS unit FROM employees e JOIN units u ON u.id = e.unit_id
        WHERE e.id = $1`,
      [emp.sibling],
    );
    const byId = await call('staff', rows[0].idCard);
    expect(byId).toMatchObject({ code: 200, data: [{ id: emp.sibling, name: rows[0].name, unitName: rows[0].unit }] });
    expect(byId.data[0].idCardMasked).not.toBe(rows[0].idCard);
    expect(byId.data[0].idCardMasked).toContain('*');
    expect(Object.keys(byId.data[0]).sort()).toEqual(['id', 'idCardMasked', 'name', 'staffNo', 'unitName']);
    const { rows: out } = await t.db.query<{ idCard: string }>(
      'SELECT id_card AS "idCard" FROM employees WHERE id = $1',
      [emp.outside],
    );
    expect((await call('staff', out[0].idCard)).data).toEqual([]);
    expect((await call('admin', out[0].idCard)).data.map((e: { id: number }) => e.id)).toEqual([emp.outside]);
    expect((await call('employee', '')).data.map((e: { id: number }) => e.id)).toEqual([emp.own]);
    expect((await call('admin', '')).data.length).toBe(20);
    const byName = await call('staff', rows[0].name.slice(0, 1));
    expect(byName.data.length).toBeGreaterThan(0);
    expect(byName.data.every((e: { name: string }) => e.name.includes(rows[0].name.slice(0, 1)))).toBe(true);
  });
});
