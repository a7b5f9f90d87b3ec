import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { withTestApp } from '../test/suite';
import { multipart, sheet } from '../test/xlsx';

withTestApp('generic CRUD of a declared resource (医疗设施) on $name', { users: ['admin'] }, (t) => {
  const { call, unitId } = t;
  let unit1: number;
  let unit2: number;
  const body = (o: Record<string, unknown> = {}) => ({
    name: '测试医务室',
    kind: 1,
    unitId: unit1,
    location: '一号楼',
    status: 1,
    installedOn: '2024-03-01',
    ...o,
  });

  beforeAll(async () => {
    unit1 = await unitId('采油一厂');
    unit2 = await unitId('采油二厂');
    const role = (await t.db.query<{ id: number }>("SELECT id FROM roles WHERE code = 'companyAdmin'")).rows[0];
    expect(role).toBeTruthy();
    await t.addAccount({
      username: 'admin2',
      password: 'Admin2@2025',
      name: '二厂管理员',
      roleCode: 'companyAdmin',
      unitId: unit2,
    });
  });

  it('creates, reads, lists with filters and pages, and audits the write', async () => {
    const res = await call('POST', '/api/facility', t.token.admin, body());
    expect(res.statusCode).toBe(200);
    const rec = res.json().data;
    expect(rec).toMatchObject({
      name: '测试医务室',
      kind: 1,
      unitId: unit1,
      unitIdName: '采油一厂',
      installedOn: '2024-03-01',
      version: 1,
    });
    const got = (await call('GET', `/api/facility/${rec.id}`, t.token.admin)).json().data;
    expect(got).toEqual(rec);

    const list = (await call('GET', '/api/facility?name=测试&page=1&pageSize=5', t.token.admin)).json();
    expect(list.code).toBe(200);
    expect(list.data.records.map((r: { id: number }) => r.id)).toContain(rec.id);
    const paged = (await call('GET', '/api/facility?page=2&pageSize=3', t.token.admin)).json().data;
    expect(paged.records.length).toBeLessThanOrEqual(3);
    expect(paged.total).toBeGreaterThan(3);
    const byTree = (await call('GET', `/api/facility?unitId=${unit2}`, t.token.admin)).json().data.records;
    expect(byTree.every((r: { unitId: number }) => r.unitId === unit2)).toBe(true);
    const sorted = (await call('GET', '/api/facility?sort=installedOn&order=desc&pageSize=100', t.token.admin)).json()
      .data.records;
    const dates = sorted.map((r: { installedOn: string | null }) => r.installedOn).filter(Boolean);
    expect(dates).toEqual([...dates].sort().reverse());
    const range = (
      await call('GET', '/api/facility?installedOnFrom=2024-03-01&installedOnTo=2024-03-01', t.token.admin)
    ).json().data;
    expect(range.records.map((r: { id: number }) => r.id)).toEqual([rec.id]);

    const { rows } = await t.db.query<{ action: string; after: { name: string } }>(
      "SELECT action, after FROM audit_log WHERE resource = 'facility' AND record_id = $1",
      [String(rec.id)],
    );
    expect(rows).toEqual([
      expect.objectContaining({ action: 'create', after: expect.objectContaining({ name: '测试医务室' }) }),
    ]);
  });

  it('refuses bad input with field reasons and stores nothing', async () => {
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM facilities')).rows[0].n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', '必填项'],
      [{ kind: 99 }, 'kind', '类型的取值无效'],
      [{ installedOn: '2024-02-30' }, 'installedOn', '启用日期应为有效日期（yyyy-MM-dd）'],
      [{ contactPhone: 'abc' }, 'contactPhone', '联系电话格式不正确'],
      [{ name: 'x'.repeat(51) }, 'name', '名称不能超过50个字'],
      [{ unitId: 'one' }, 'unitId', '必填项'],
    ];
    for (const [patch, path, message] of cases) {
      const res = await call('POST', '/api/facility', t.token.admin, body(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    }
    const dup = await call('POST', '/api/facility', t.token.admin, body());
    expect(dup.statusCode).toBe(400);
    expect(dup.json().msg).toBe('所属单位+名称已存在');
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM facilities')).rows[0].n).toBe(before);
  });

  it('updates with the version and answers 409 to a stale one, changing nothing', async () => {
    const rec = (await call('POST', '/api/facility', t.token.admin, body({ name: '版本测试' }))).json().data;
    const ok = await call('PUT', `/api/facility/${rec.id}`, t.token.admin, {
      ...body({ name: '版本测试2' }),
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: '版本测试2', version: 2 });
    const stale = await call('PUT', `/api/facility/${rec.id}`, t.token.admin, {
      ...body({ name: '覆盖' }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据已被他人修改，请刷新后重试');
    expect((await call('GET', `/api/facility/${rec.id}`, t.token.admin)).json().data.name).toBe('版本测试2');
    const audit = await t.db.query<{ before: { name: string }; after: { name: string } }>(
      "SELECT before, after FROM audit_log WHERE resource = 'facility' AND action = 'update' AND record_id = $1",
      [String(rec.id)],
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ name: '版本测试' }),
        after: expect.objectContaining({ name: '版本测试2' }),
      }),
    ]);
  });

  it('soft-deletes and restores', async () => {
    const rec = (await call('POST', '/api/facility', t.token.admin, body({ name: '删除测试' }))).json().data;
    expect((await call('DELETE', `/api/facility/${rec.id}`, t.token.admin)).statusCode).toBe(200);
    const live = (await call('GET', '/api/facility?name=删除测试', t.token.admin)).json().data;
    expect(live.total).toBe(0);
    const deleted = (await call('GET', '/api/facility?name=删除测试&deleted=1', t.token.admin)).json().data;
    expect(deleted.records.map((r: { id: number }) => r.id)).toEqual([rec.id]);
    expect((await call('POST', `/api/facility/${rec.id}/restore`, t.token.admin)).json().data.deletedAt).toBeNull();
    expect((await call('GET', '/api/facility?name=删除测试', t.token.admin)).json().data.total).toBe(1);
  });

  it('keeps a unit administrator inside the unit subtree', async () => {
    const admin2 = await t.login('admin2', 'Admin2@2025');
    const other = (await call('POST', '/api/facility', t.token.admin, body({ name: '一厂设施' }))).json().data;
    const list = (await call('GET', '/api/facility?pageSize=100', admin2)).json().data.records;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r: { unitId: number }) => r.unitId === unit2)).toBe(true);
    // Out of scope answers as absent (404): it does not reveal that the record exists.
    expect((await call('GET', `/api/facility/${other.id}`, admin2)).statusCode).toBe(404);
    expect((await call('PUT', `/api/facility/${other.id}`, admin2, { ...body(), version: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/facility/${other.id}`, admin2)).statusCode).toBe(404);
    const outside = await call('POST', '/api/facility', admin2, body({ name: '越界', unitId: unit1 }));
    expect(outside.statusCode).toBe(403);
  });

  it('refuses callers without the permission', async () => {
    const employee = await t.login('employee');
    expect((await call('GET', '/api/facility', employee)).statusCode).toBe(403);
    expect((await call('POST', '/api/facility', employee, body())).statusCode).toBe(403);
    const staff = await t.login('staff');
    expect((await call('GET', '/api/user', staff)).statusCode).toBe(403);
  });

  it('exports the filtered rows to an .xlsx with Chinese headers', async () => {
    const res = await call('GET', `/api/facility/export?unitId=${unit1}`, t.token.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E5%8C%BB%E7%96%97%E8%AE%BE%E6%96%BD");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual(expect.arrayContaining(['名称', '类型', '所属单位', '启用日期']));
    const expected = (await call('GET', `/api/facility?unitId=${unit1}&pageSize=500`, t.token.admin)).json().data.total;
    expect(ws.actualRowCount - 1).toBe(expected);
    const kinds = ws.getColumn(2).values.slice(2);
    expect(
      kinds.every((k) => typeof k === 'string' && ['医务室', '健康小屋', 'AED除颤仪', '诊所', '急救站'].includes(k)),
    ).toBe(true);
  });

  it('imports good rows, reports bad ones, and adds nothing on a second import', async () => {
    const file = await sheet([
      ['名称', '类型', '所属单位', '位置', '状态', '启用日期'],
      ['导入小屋一', '健康小屋', '采油一厂', '一号院', '正常', '2024-05-01'],
      ['导入小屋二', '健康小屋', '第二采油厂', '二号院', '正常', ''],
      ['', '健康小屋', '采油一厂', '三号院', '正常', ''],
      ['导入小屋四', '澡堂', '采油一厂', '四号院', '正常', ''],
      ['导入小屋五', '诊所', '不存在的单位', '五号院', '正常', ''],
      ['导入小屋六', '诊所', '采油一厂', '六号院', '正常', '2024-13-01'],
    ]);
    // A body whose boundary does not match its header is a client error, not a server one.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/facility/import',
      payload: multipart('设施.xlsx', file).payload,
      headers: { ...multipart('x', file).headers, ...t.as('admin') },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    const first = await t.postFile('/api/facility/import', t.token.admin, multipart('设施.xlsx', file));
    expect(first.statusCode, first.body).toBe(200);
    const report = first.json().data;
    expect(report).toMatchObject({ total: 6, created: 2, updated: 0, unchanged: 0 });
    expect(report.refused).toEqual([
      { row: 4, column: '名称', value: '', reason: '必填项' },
      { row: 5, column: '类型', value: '澡堂', reason: '类型的取值无效' },
      { row: 6, column: '所属单位', value: '不存在的单位', reason: '单位不存在或不在账号的单位范围内' },
      { row: 7, column: '启用日期', value: '2024-13-01', reason: '启用日期应为有效日期（yyyy-MM-dd）' },
    ]);
    const second = await t.postFile('/api/facility/import', t.token.admin, multipart('设施.xlsx', file));
    expect(second.json().data).toMatchObject({ created: 0, unchanged: 2 });
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM facilities WHERE name LIKE '导入小屋%'",
    );
    expect(rows[0].n).toBe(2);
    const notXlsx = multipart('设施.xlsx', Buffer.from('name,kind\n'));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/facility/import',
      payload: notXlsx.payload,
      headers: { ...notXlsx.headers, ...t.as('admin') },
    });
    expect(refused.statusCode).toBe(415);
  });
});
