import { expect, it } from 'vitest';
import { MUST_CHANGE_PASSWORD_MESSAGE } from '../../plugins/auth';
import { withTestApp } from '../../test/suite';

/** Issue 11 item 10e: a password an administrator set is changed at the account's first sign-in. */
withTestApp('an initial password set by an administrator on $name', { users: ['admin'] }, (t) => {
  const roleId = async (code: string) =>
    (await t.db.query<{ id: number }>('SELECT id FROM roles WHERE code = $1', [code])).rows[0].id;

  it('forces a new account to change its password before any other call, then lets it work', async () => {
    const made = await t.call('POST', '/api/user', t.token.admin, {
      username: 'firstpw1',
      name: '首登甲',
      roleId: await roleId('healthStaff'),
      unitId: await t.unitId('采油二厂'),
      scopeKind: 'unit',
      enabled: true,
      initialPassword: 'Initial@2025',
    });
    expect(made.statusCode, made.body).toBe(200);
    const token = await t.login('firstpw1', 'Initial@2025');

    // The session says so, and answers; everything else is refused with a Chinese reason (server side).
    const me = await t.call('GET', '/api/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().mustChangePassword).toBe(true);
    for (const url of ['/api/phr/check', '/api/profile', '/api/company/company/tree']) {
      const refused = await t.call('GET', url, token);
      expect(refused.statusCode, url).toBe(428);
      expect(refused.json().msg).toBe(MUST_CHANGE_PASSWORD_MESSAGE);
    }

    const changed = await t.call('PUT', '/api/password', token, {
      oldPassword: 'Initial@2025',
      newPassword: 'MyOwn#2025',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = await t.login('firstpw1', 'MyOwn#2025');
    expect((await t.call('GET', '/api/me', fresh)).json().mustChangePassword).toBe(false);
    expect((await t.call('GET', '/api/phr/check', fresh)).statusCode).toBe(200);
  });

  it('forces it again after an administrator resets the password; demo accounts are not forced', async () => {
    const id = (await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'firstpw1'")).rows[0].id;
    const reset = await t.call('POST', `/api/user/${id}/password`, t.token.admin, { password: 'Reset#2025' });
    expect(reset.statusCode).toBe(200);
    const token = await t.login('firstpw1', 'Reset#2025');
    expect((await t.call('GET', '/api/me', token)).json().mustChangePassword).toBe(true);
    expect((await t.call('GET', '/api/phr/check', token)).statusCode).toBe(428);
    // Signing out still works.
    expect((await t.call('POST', '/api/logout', token)).statusCode).toBe(200);

    for (const username of ['admin', 'staff', 'expert', 'employee']) {
      const demo = await t.login(username);
      expect((await t.call('GET', '/api/me', demo)).json().mustChangePassword, username).toBe(false);
    }
  });
});
