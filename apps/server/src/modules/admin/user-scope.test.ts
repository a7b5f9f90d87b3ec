import { expect, it } from 'vitest';
import { withTestApp } from '../../test/suite';

/** Issue 11 item 10d: 管理范围 is an explicit choice (全公司 / 指定单位), never "no unit = everything". */
withTestApp('the 管理范围 of a console account on $name', { users: ['admin'] }, (t) => {
  const roleId = async () =>
    (await t.db.query<{ id: number }>("SELECT id FROM roles WHERE code = 'healthStaff'")).rows[0].id;
  const body = async (extra: Record<string, unknown>) => ({
    name: '范围测试',
    roleId: await roleId(),
    enabled: true,
    initialPassword: 'Scope@2025',
    ...extra,
  });
  const storedUnit = async (username: string) =>
    (await t.db.query<{ unit_id: number | null }>('SELECT unit_id FROM users WHERE username = $1', [username])).rows[0]
      .unit_id;

  it('refuses an account without a choice, and 指定单位 without a unit', async () => {
    const none = await t.call('POST', '/api/user', t.token.admin, await body({ username: 'scope0' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toContainEqual({ path: 'scopeKind', message: '必填项' });
    const noUnit = await t.call(
      'POST',
      '/api/user',
      t.token.admin,
      await body({ username: 'scope1', scopeKind: 'unit', unitId: null }),
    );
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().errors).toContainEqual({ path: 'unitId', message: '请选择管理单位' });
    const odd = await t.call('POST', '/api/user', t.token.admin, await body({ username: 'scope1', scopeKind: 'all' }));
    expect(odd.statusCode).toBe(400);
    expect(await t.scalar("SELECT count(*) FROM users WHERE username IN ('scope0', 'scope1')")).toBe(0);
  });

  it('stores 全公司 as no unit (a unit sent with it is dropped) and 指定单位 with its unit; reads them back', async () => {
    const unit = await t.unitId('采油二厂');
    const whole = await t.call(
      'POST',
      '/api/user',
      t.token.admin,
      await body({ username: 'scope2', scopeKind: 'company', unitId: unit }),
    );
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().data).toMatchObject({ scopeKind: 'company', unitId: null });
    expect(await storedUnit('scope2')).toBeNull();

    const one = await t.call(
      'POST',
      '/api/user',
      t.token.admin,
      await body({ username: 'scope3', scopeKind: 'unit', unitId: unit }),
    );
    expect(one.statusCode, one.body).toBe(200);
    expect(Number(await storedUnit('scope3'))).toBe(unit);
    const read = (await t.call('GET', `/api/user/${one.json().data.id}`, t.token.admin)).json().data;
    expect(read).toMatchObject({ scopeKind: 'unit', unitId: unit });

    // Existing accounts keep their meaning: the demo administrator (no unit) reads as 全公司.
    const admin = (await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'admin'")).rows[0].id;
    expect((await t.call('GET', `/api/user/${admin}`, t.token.admin)).json().data).toMatchObject({
      scopeKind: 'company',
      unitIdName: '全公司',
    });
    const listed = (await t.call('GET', '/api/user?pageSize=200', t.token.admin)).json().data.records;
    expect(listed.find((u: { username: string }) => u.username === 'scope3').unitIdName).toBe('采油二厂');
    expect(listed.find((u: { username: string }) => u.username === 'scope2').unitIdName).toBe('全公司');
  });

  it('does not let an administrator of one unit create a company-wide account', async () => {
    const unit = await t.unitId('采油一厂');
    await t.addAccount({
      username: 'unitadmin',
      password: 'Demo@2025',
      name: '单位管理员',
      roleCode: 'companyAdmin',
      unitId: unit,
    });
    const token = await t.login('unitadmin');
    const res = await t.call('POST', '/api/user', token, await body({ username: 'scope4', scopeKind: 'company' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: 'scopeKind',
      message: '账号限定在本单位范围内，不能设置全公司的管理范围',
    });
  });
});
