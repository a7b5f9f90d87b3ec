import { expect, it } from 'vitest';
import { withTestApp } from '../../test/suite';

/** Built-in rows (the administrator account, built-in roles) are marked in lists and never deleted. */
withTestApp('built-in rows on $name', { users: ['admin'] }, (t) => {
  const { call } = t;

  it('marks the built-in administrator and built-in roles in the lists the console reads', async () => {
    const users = (await call('GET', '/api/user?pageSize=100', t.token.admin)).json().data.records as {
      username: string;
      builtin: boolean;
    }[];
    expect(users.find((u) => u.username === 'admin')?.builtin).toBe(true);
    expect(users.filter((u) => u.builtin).map((u) => u.username)).toEqual(['admin']);
    const roles = (await call('GET', '/api/role?pageSize=100', t.token.admin)).json().data.records as {
      code: string;
      builtin: boolean;
    }[];
    expect(roles.find((r) => r.code === 'companyAdmin')?.builtin).toBe(true);
  });

  it('refuses to delete them with the reason the list shows, and deletes an ordinary account', async () => {
    const adminId = await t.scalar("SELECT id FROM users WHERE username = 'admin'");
    const refused = await call('DELETE', `/api/user/${adminId}`, t.token.admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('内置管理员账号不能删除');
    expect(await t.scalar("SELECT count(*) FROM users WHERE username = 'admin' AND deleted_at IS NULL")).toBe(1);

    const roleId = await t.scalar("SELECT id FROM roles WHERE code = 'expert'");
    const role = await call('DELETE', `/api/role/${roleId}`, t.token.admin);
    expect(role.statusCode).toBe(400);
    expect(role.json().msg).toBe('内置角色不能删除');

    const expertId = await t.scalar("SELECT id FROM users WHERE username = 'expert'");
    expect((await call('DELETE', `/api/user/${expertId}`, t.token.admin)).statusCode).toBe(200);
  });
});
