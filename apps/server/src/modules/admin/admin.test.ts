import { DEFAULT_ROLES, idCardCheckChar, RESOURCES } from '@peis/shared';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { withTestApp } from '../../test/suite';

withTestApp('administration resources on $name', { users: ['admin'] }, (t) => {
  const { call, unitId } = t;

  it('answers every resource list × role exactly as the role permissions say', async () => {
    for (const role of DEFAULT_ROLES) {
      const username = { companyAdmin: 'admin', healthStaff: 'staff', expert: 'expert', employee: 'employee' }[
        role.code
      ]!;
      const token = await t.login(username);
      for (const def of Object.values(RESOURCES)) {
        const res = await call('GET', `/api${def.endpoint}?pageSize=5`, token);
        const allowed = role.menus.includes(def.permissions.list) || role.buttons.includes(def.permissions.list);
        expect(res.statusCode, `${role.code} ${def.name}`).toBe(allowed ? 200 : 403);
        if (def.permissions.create) {
          const create = await call('POST', `/api${def.endpoint}`, token, {});
          const may = role.buttons.includes(def.permissions.create);
          // Allowed callers get past the permission check and fail validation instead.
          expect(create.statusCode, `${role.code} create ${def.name}`).toBe(may ? 400 : 403);
        }
      }
    }
  });

  it('checks the ID number, derives sex and birthday, and masks lists', async () => {
    const unit = await unitId('采油三厂');
    const bad = await call('POST', '/api/account', t.token.admin, {
      name: '王测试',
      idCard: '110105194912310021',
      unitId: unit,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'idCard', message: '身份证号校验位错误' }]);
    const ok = await call('POST', '/api/account', t.token.admin, {
      name: '王测试',
      idCard: '11010519491231002x',
      unitId: unit,
      mobile: '13912345678',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ idCard: '11010519491231002X', sex: 2, birthday: '1949-12-31' });
    const list = (await call('GET', '/api/account?name=王测试', t.token.admin)).json().data.records;
    expect(list[0]).toMatchObject({ idCard: '1101**********002X', mobile: '139****5678' });
    const dup = await call('POST', '/api/account', t.token.admin, {
      name: '另一人',
      idCard: '11010519491231002X',
      unitId: unit,
    });
    expect(dup.json().msg).toBe('身份证号已存在');
  });

  it('exports employee accounts masked like the list unless the account may export them in full, and audits it', async () => {
    const unit = await unitId('采油三厂');
    const idCard = `${'32010219800101123'}${idCardCheckChar('32010219800101123')}`;
    const created = await call('POST', '/api/account', t.token.admin, {
      name: '导出测试',
      idCard,
      unitId: unit,
      mobile: '13700001234',
    });
    expect(created.statusCode).toBe(200);
    // A role with the export button but not account:export-full.
    const { rows: role } = await t.db.query<{ id: number }>(
      `INSERT INTO roles (code, name, user_type, menus, buttons)
       VALUES ('accountClerk', '账户专员', 1, '{company:account}', '{account:export}') RETURNING id`,
    );
    await t.addAccount({
      username: 'clerk',
      password: 'Clerk@2025',
      name: '账户专员',
      roleCode: 'accountClerk',
      unitId: null,
    });
    expect(DEFAULT_ROLES.find((r) => r.code === 'companyAdmin')?.buttons).toContain('account:export-full');
    const sheetRow = async (token: string) => {
      const res = await call('GET', `/api/account/export?name=${encodeURIComponent('导出测试')}`, token);
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      const headers = ws.getRow(1).values as string[];
      expect(ws.actualRowCount).toBe(2);
      const row = ws.getRow(2).values as string[];
      return { idCard: row[headers.indexOf('身份证号')], mobile: row[headers.indexOf('手机号码')] };
    };
    const exports = async (username: string) =>
      (
        await t.db.query<{ after: { rows: number; masked: boolean } }>(
          "SELECT after FROM audit_log WHERE action = 'export' AND resource = 'account' AND username = $1 ORDER BY id",
          [username],
        )
      ).rows.map((r) => (typeof r.after === 'string' ? JSON.parse(r.after) : r.after));

    expect(await sheetRow(await t.login('clerk', 'Clerk@2025'))).toEqual({
      idCard: `3201**********${idCard.slice(-4)}`,
      mobile: '137****1234',
    });
    expect(await exports('clerk')).toEqual([expect.objectContaining({ rows: 1, masked: true })]);
    expect(await sheetRow(t.token.admin)).toEqual({ idCard, mobile: '13700001234' });
    expect(await exports('admin')).toEqual([expect.objectContaining({ rows: 1, masked: false })]);
    await t.db.query('DELETE FROM roles WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE role_id = $1)', [
      role[0].id,
    ]);
  });

  it('creates console accounts that can sign in, resets passwords and disables them', async () => {
    const role = (await t.db.query<{ id: number }>("SELECT id FROM roles WHERE code = 'healthStaff'")).rows[0];
    const unit = await unitId('采油二厂');
    const weak = await call('POST', '/api/user', t.token.admin, {
      username: 'nurse1',
      name: '护士甲',
      roleId: role.id,
      scopeKind: 'unit',
      unitId: unit,
      initialPassword: 'weak',
    });
    expect(weak.json().errors[0].path).toBe('initialPassword');
    const res = await call('POST', '/api/user', t.token.admin, {
      username: 'nurse1',
      name: '护士甲',
      roleId: role.id,
      scopeKind: 'unit',
      unitId: unit,
      phone: '13800000001',
      enabled: true,
      initialPassword: 'Nurse@2025',
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      username: 'nurse1',
      userType: 2,
      roleName: '健康管理人员',
      data: { phone: '13800000001' },
    });
    expect(user.passwordHash).toBeUndefined();
    const token = await t.login('nurse1', 'Nurse@2025');
    expect((await call('GET', '/api/me', token)).json().unitScope.unitName).toBe('采油二厂');

    const picker = (await call('GET', '/api/user?page=1&pageSize=500', t.token.admin)).json().data.records;
    expect(picker.find((u: { username: string }) => u.username === 'nurse1')).toMatchObject({
      name: '护士甲',
      data: { phone: '13800000001' },
    });

    expect(
      (await call('POST', `/api/user/${user.id}/password`, t.token.admin, { password: 'Reset#2025' })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/me', token)).statusCode).toBe(401);
    const token2 = await t.login('nurse1', 'Reset#2025');
    const off = await call('PUT', `/api/user/${user.id}`, t.token.admin, {
      ...user,
      enabled: false,
      version: user.version + 1,
    });
    expect(off.statusCode).toBe(200);
    expect((await call('GET', '/api/me', token2)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nurse1', password: 'Reset#2025' },
    });
    expect(login.json().msg).toBe('账号已停用，请联系管理员');
  });

  it('edits role permissions with known codes only, versioned', async () => {
    const role = (
      await t.db.query<{ id: number; version: number }>("SELECT id, version FROM roles WHERE code = 'expert'")
    ).rows[0];
    const bad = await call('PUT', `/api/role/${role.id}/permissions`, t.token.admin, {
      menus: ['main:nope'],
      buttons: [],
      version: role.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('未知的权限：main:nope');
    const ok = await call('PUT', `/api/role/${role.id}/permissions`, t.token.admin, {
      menus: ['main:dashboard', 'main:help'],
      buttons: [],
      version: role.version,
    });
    expect(ok.statusCode).toBe(200);
    const expert = await t.login('expert');
    expect((await call('GET', '/api/me', expert)).json().menus).toEqual(['main:dashboard', 'main:help']);
    const stale = await call('PUT', `/api/role/${role.id}/permissions`, t.token.admin, {
      menus: [],
      buttons: [],
      version: role.version,
    });
    expect(stale.statusCode).toBe(409);
    const builtin = await call('DELETE', `/api/role/${role.id}`, t.token.admin);
    expect(builtin.json().msg).toBe('内置角色不能删除');
  });

  it('keeps the unit tree consistent: add, move with the subtree, no cycles, no deleting a unit in use', async () => {
    const parent = await unitId('采油三厂');
    const a = (
      await call('POST', '/api/company/company', t.token.admin, {
        name: '第三采油厂第一作业区',
        shortName: '三厂一区',
        parentId: parent,
        sortOrder: 1,
      })
    ).json().data;
    const b = (
      await call('POST', '/api/company/company', t.token.admin, {
        name: '三厂一区一班',
        shortName: '一区一班',
        parentId: a.id,
      })
    ).json().data;
    const path = async (id: number) =>
      (await t.db.query<{ path: string }>('SELECT path FROM units WHERE id = $1', [id])).rows[0].path;
    expect(await path(b.id)).toBe(`${await path(parent)}${a.id}/${b.id}/`);
    const target = await unitId('采油二厂');
    const moved = await call('PUT', `/api/company/company/${a.id}`, t.token.admin, {
      ...a,
      parentId: target,
      version: a.version,
    });
    expect(moved.statusCode).toBe(200);
    expect(await path(b.id)).toBe(`${await path(target)}${a.id}/${b.id}/`);
    const cycle = await call('PUT', `/api/company/company/${a.id}`, t.token.admin, {
      ...a,
      parentId: b.id,
      version: a.version + 1,
    });
    expect(cycle.json().errors).toEqual([{ path: 'parentId', message: '不能移动到自身或下级单位之下' }]);
    expect((await call('DELETE', `/api/company/company/${a.id}`, t.token.admin)).json().msg).toBe(
      '该单位下还有下级单位，不能删除',
    );
    expect((await call('DELETE', `/api/company/company/${await unitId('采油一厂')}`, t.token.admin)).statusCode).toBe(
      400,
    );
  });

  it('lists assignable staff and experts to the roles that assign work, not to employees', async () => {
    const staff = await t.login('staff');
    expect((await call('GET', '/api/user', staff)).statusCode).toBe(403);
    const res = (await call('GET', '/api/user/assignees?pageSize=500', staff)).json().data.records;
    expect(res.map((u: { name: string }) => u.name)).toEqual(expect.arrayContaining(['李卫康', '王立新']));
    expect(res.every((u: { userType: number }) => u.userType === 2 || u.userType === 3)).toBe(true);
    expect(res[0]).toHaveProperty('data.phone');
    expect((await call('GET', '/api/user/assignees', await t.login('employee'))).statusCode).toBe(403);
  });

  it('serves the picker dictionaries of SPEC §7 to any signed-in account', async () => {
    const employee = await t.login('employee');
    const edu = (await call('GET', '/api/dict/education?page=1&pageSize=200', employee)).json();
    expect(edu.data.records[0]).toEqual({ name: '研究生及以上', value: '1' });
    expect(edu.data.total).toBe(10);
    for (const type of ['title', 'major', 'department']) {
      const res = (await call('GET', `/api/expert/dict/${type}?page=1&pageSize=200`, employee)).json();
      expect(res.data.records.length, type).toBeGreaterThan(5);
    }
    expect((await call('GET', '/api/expert/dict/nation', employee)).statusCode).toBe(400);
  });

  it('transfers employees between units with a history', async () => {
    const from = await unitId('采油一厂一区');
    const to = await unitId('采油三厂');
    const emp = (
      await t.db.query<{ id: number }>('SELECT id FROM employees WHERE unit_id = $1 ORDER BY id DESC LIMIT 1', [from])
    ).rows[0];
    const res = await call('POST', '/api/account/transfer', t.token.admin, {
      employeeIds: [Number(emp.id)],
      toUnitId: to,
      reason: '工作调动',
      effectiveDate: '2025-07-01',
    });
    expect(res.json()).toMatchObject({ code: 200, data: { moved: 1 } });
    const history = (await call('GET', `/api/account/transfer?employeeId=${emp.id}`, t.token.admin)).json().data
      .records;
    expect(history[0]).toMatchObject({
      fromUnitName: '采油一厂一区',
      toUnitName: '采油三厂',
      reason: '工作调动',
      effectiveDate: '2025-07-01',
    });
    const staff = await t.login('staff');
    const outside = await call('POST', '/api/account/transfer', staff, {
      employeeIds: [Number(emp.id)],
      toUnitId: from,
      reason: 'x',
      effectiveDate: '2025-07-01',
    });
    expect(outside.statusCode).toBe(403);
  });

  it('shows the audit log with before and after, and sums insurance per unit', async () => {
    const log = (await call('GET', '/api/oplog?resource=account&action=transfer', t.token.admin)).json().data.records;
    expect(log[0]).toMatchObject({ username: 'admin', action: 'transfer', resource: 'account' });
    expect(log[0].before[0]).toHaveProperty('unitId');
    const summary = (await call('GET', '/api/healthInsurance/summary?year=2025', t.token.admin)).json().data;
    expect(summary.length).toBeGreaterThan(0);
    const raw = (
      await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM insurance_enrolments WHERE year = 2025')
    ).rows[0].n;
    expect(summary.reduce((s: number, r: { enrolments: number }) => s + r.enrolments, 0)).toBe(raw);
  });

  it('lets everyone edit their own profile', async () => {
    const employee = await t.login('employee');
    const me = (await call('GET', '/api/profile', employee)).json().data;
    const res = await call('PUT', '/api/profile', employee, {
      name: me.name,
      phone: '13700000000',
      avatar: null,
      version: me.version,
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/profile', employee)).json().data.phone).toBe('13700000000');
    expect((await call('GET', '/api/me', employee)).json().avatar).toBeNull();
    // The header shows the picture the profile saved, from /api/me.
    const picture = '/api/files/1';
    const withPicture = await call('PUT', '/api/profile', employee, {
      name: me.name,
      phone: '13700000000',
      avatar: picture,
      version: me.version + 1,
    });
    expect(withPicture.statusCode, withPicture.body).toBe(200);
    expect((await call('GET', '/api/me', employee)).json().avatar).toBe(picture);
    const bad = await call('PUT', '/api/profile', employee, { name: me.name, phone: '123', version: me.version + 2 });
    expect(bad.json().errors[0]).toEqual({ path: 'phone', message: '手机号码格式不正确' });
  });
});
