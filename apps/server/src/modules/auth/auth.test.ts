import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDb } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createAccount, seed } from '../../db/seed';
import { hashToken } from '../../plugins/auth';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';

describe.each(TEST_DATABASES)('sign-in and session on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { env: { SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '12' } });
  });
  afterAll(() => t?.close());

  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const audit = async (username: string) =>
    (
      await t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE username = $1 ORDER BY id', [username])
    ).rows.map((r) => r.action);

  it('signs each demo account in with its userType and an opaque token', async () => {
    const expected = { admin: 1, staff: 2, expert: 3, employee: 4 };
    for (const [username, userType] of Object.entries(expected)) {
      const res = await login(username, 'Demo@2025');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ username, userType });
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.openid).toMatch(/^o/);
    }
    // The token is stored hashed, never as it was handed out.
    const token = await t.login('admin');
    const { rows } = await t.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [token]);
    expect(rows).toHaveLength(0);
  });

  it('answers /api/me with the role menus, buttons and unit scope', async () => {
    const admin = await t.app.inject({ url: '/api/me', headers: t.auth(await t.login('admin')) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ username: 'admin', userType: 1, roleName: '公司管理员', unitScope: null });
    expect(admin.json().menus).toContain('company:dashboard');

    const staff = (await t.app.inject({ url: '/api/me', headers: t.auth(await t.login('staff')) })).json();
    expect(staff.unitScope).toMatchObject({ unitName: '采油一厂' });
    expect(staff.menus).toContain('main:phr');
    expect(staff.menus).not.toContain('company:dashboard');

    const employee = (await t.app.inject({ url: '/api/me', headers: t.auth(await t.login('employee')) })).json();
    expect(employee.employeeId).toBeGreaterThan(0);
    expect(employee.btnPermissions).not.toContain('phr:add');
  });

  it('refuses a wrong password and an unknown name with the same message, and audits both', async () => {
    const wrong = await login('expert', 'Wrong@2025');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe('用户名或密码错误，再错4次将锁定账号15分钟');
    const unknown = await login('nobody', 'Wrong@2025');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().msg).toBe(wrong.json().msg);
    expect(await audit('expert')).toContain('login.failure');
    expect(await audit('nobody')).toContain('login.failure');
    // A successful login resets the count.
    expect((await login('expert', 'Demo@2025')).statusCode).toBe(200);
  });

  it('locks an account after five failures for 15 minutes, then lets it in again', async () => {
    await newStaffAccount('locky', 'Locky@2025', '锁定测试', '采油二厂');
    for (let i = 1; i <= 4; i++) {
      const res = await login('locky', 'bad-password');
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toContain(`再错${5 - i}次`);
    }
    const fifth = await login('locky', 'bad-password');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().msg).toBe('密码错误次数过多，账号已锁定，请15分钟后再试');
    // Even the right password is refused while locked.
    const during = await login('locky', 'Locky@2025');
    expect(during.statusCode).toBe(423);
    expect(await audit('locky')).toEqual(expect.arrayContaining(['login.failure', 'login.lockout', 'login.locked']));

    // Fifteen minutes later (moved back in the database) the right password works.
    await t.db.query("UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE username = 'locky'");
    expect((await login('locky', 'Locky@2025')).statusCode).toBe(200);
    expect(await audit('locky')).toContain('login.success');
  });

  // A sign-in from a given client address: without a proxy, req.ip is inject's remoteAddress.
  const loginFrom = (remoteAddress: string, username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
  // Every password actually checked and found wrong writes one of these; refusals unchecked write login.locked.
  const passwordChecks = async (username: string) =>
    (await audit(username)).filter((a) => a === 'login.failure' || a === 'login.lockout').length;
  /** A health-staff account of one unit (采油二厂 unless named). */
  const newStaffAccount = async (username: string, password: string, name = username, unitName = '采油二厂') => {
    const unit = await t.db.query('SELECT id FROM units WHERE short_name = $1', [unitName]);
    return t.db.tx((q) =>
      createAccount(q, { username, password, name, roleCode: 'healthStaff', unitId: Number(unit.rows[0].id) }),
    );
  };

  it('checks at most five passwords of 20 parallel wrong guesses, and a password reset lifts the lock', async () => {
    const id = await newStaffAccount('racer', 'Racer@2025');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginFrom('10.1.0.1', 'racer', `Wrong@${i}`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(4).fill(401), ...Array(16).fill(423)]);
    expect(await passwordChecks('racer')).toBe(5);
    // Those 20 failures are also the address's whole allowance.
    expect((await loginFrom('10.1.0.1', 'racer', 'Racer@2025')).statusCode).toBe(429);

    // Locked at another address, even for the right password; another administrator unlocks by resetting it.
    for (let i = 0; i < 5; i++) await loginFrom('10.1.0.2', 'racer', 'Wrong@2025');
    expect((await loginFrom('10.1.0.2', 'racer', 'Racer@2025')).statusCode).toBe(423);
    const admin = await t.login('admin');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/user/${id}/password`,
      headers: t.auth(admin),
      payload: { password: 'Racer#2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await loginFrom('10.1.0.2', 'racer', 'Racer#2026')).statusCode).toBe(200);
  });

  it('never leaves a name refused for good when the guess that reached the limit did not finish', async () => {
    // Five attempts counted, the fifth never recorded its outcome (a crashed instance): no lock was written.
    await t.db.query(
      "INSERT INTO login_throttle (username, ip, failures, expires_at) VALUES ('staff', '10.6.0.1', 5, now() + interval '1 day')",
    );
    expect((await loginFrom('10.6.0.1', 'staff', 'Demo@2025')).statusCode).toBe(423);
    // That refusal set an ordinary lock, which runs out like any other (its end moved into the past here).
    await t.db.query(
      "UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE ip = '10.6.0.1' AND locked_until IS NOT NULL",
    );
    expect((await loginFrom('10.6.0.1', 'staff', 'Demo@2025')).statusCode).toBe(200);
  });

  it('locks a name only at the address that guessed: admin still signs in from another one', async () => {
    for (let i = 0; i < 12; i++) await loginFrom('10.2.0.1', 'admin', `Guess#${i}x`);
    const attacker = await loginFrom('10.2.0.1', 'admin', 'Demo@2025');
    expect(attacker.statusCode).toBe(423);
    expect(attacker.json().msg).toBe('密码错误次数过多，账号已锁定，请15分钟后再试');
    expect(await passwordChecks('admin')).toBe(5);
    expect((await loginFrom('10.2.0.2', 'admin', 'Demo@2025')).statusCode).toBe(200);
  });

  it('refuses an address after 20 failed sign-ins with 429 for every name, audited once', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await loginFrom('10.3.0.1', `ghost${i}`, 'Wrong@2025')).statusCode).toBe(401);
    }
    const throttled = await loginFrom('10.3.0.1', 'admin', 'Demo@2025');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().msg).toBe('登录尝试过于频繁，请15分钟后再试');
    expect((await loginFrom('10.3.0.1', 'staff', 'Demo@2025')).statusCode).toBe(429);
    expect((await loginFrom('10.3.0.2', 'staff', 'Demo@2025')).statusCode).toBe(200);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'login.throttled' AND ip = '10.3.0.1'",
    );
    expect(rows[0].n).toBe(1);
    // When the window has passed the address is heard again.
    await t.db.query("UPDATE login_throttle SET expires_at = now() - interval '1 second' WHERE username = ''");
    expect((await loginFrom('10.3.0.1', 'staff', 'Demo@2025')).statusCode).toBe(200);
  });

  it('does not charge an address for sign-ins that succeed', async () => {
    for (let i = 0; i < 22; i++) expect((await loginFrom('10.4.0.1', 'expert', 'Demo@2025')).statusCode).toBe(200);
  });

  it('answers an unknown name exactly like a known one, through to the lock', async () => {
    for (let i = 1; i <= 6; i++) {
      const known = await loginFrom('10.5.0.1', 'staff', 'Wrong@2025');
      const unknown = await loginFrom('10.5.0.1', 'no-such-user', 'Wrong@2025');
      expect(known.statusCode, `attempt ${i}`).toBe(i < 5 ? 401 : 423);
      expect(unknown.statusCode, `attempt ${i}`).toBe(known.statusCode);
      expect(unknown.json().msg, `attempt ${i}`).toBe(known.json().msg);
    }
  });

  it('keeps a session in use alive under a 30-second idle limit, and ends it when idle', async () => {
    const token = await t.login('staff');
    const idleFor = (seconds: number) =>
      t.db.query('UPDATE sessions SET last_seen_at = last_seen_at - make_interval(secs => $2) WHERE token_hash = $1', [
        hashToken(token),
        seconds,
      ]);
    const me = async () => (await t.app.inject({ url: '/api/me', headers: t.auth(token) })).statusCode;
    const saved = t.config.sessionIdleMinutes;
    t.config.sessionIdleMinutes = 0.5; // the app reads its config object on each call
    try {
      // Used every 20 s: each call must move last_seen_at on, or the second gap adds up to 40 s idle.
      await idleFor(20);
      expect(await me()).toBe(200);
      await idleFor(20);
      expect(await me()).toBe(200);
      await idleFor(31);
      expect(await me()).toBe(401);
    } finally {
      t.config.sessionIdleMinutes = saved;
    }
  });

  it('revokes the token on logout', async () => {
    const token = await t.login('staff');
    expect((await t.app.inject({ url: '/api/me', headers: t.auth(token) })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.auth(token) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/me', headers: t.auth(token) });
    expect(after.statusCode).toBe(401);
    expect(await audit('staff')).toContain('logout');
  });

  it('expires a session idle for longer than 30 minutes and one older than 12 hours', async () => {
    const idle = await t.login('staff');
    await t.db.query(
      "UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE id = (SELECT max(id) FROM sessions)",
    );
    const idleRes = await t.app.inject({ url: '/api/me', headers: t.auth(idle) });
    expect(idleRes.statusCode).toBe(401);
    expect(idleRes.json().msg).toBe('登录已过期，请重新登录');

    const active = await t.login('staff');
    await t.db.query(
      "UPDATE sessions SET last_seen_at = now() - interval '29 minutes' WHERE id = (SELECT max(id) FROM sessions)",
    );
    expect((await t.app.inject({ url: '/api/me', headers: t.auth(active) })).statusCode).toBe(200);

    const old = await t.login('staff');
    await t.db.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = (SELECT max(id) FROM sessions)",
    );
    expect((await t.app.inject({ url: '/api/me', headers: t.auth(old) })).statusCode).toBe(401);
  });

  it('answers 401 without a token, with a forged one and with a malformed header', async () => {
    for (const authorization of [undefined, 'Bearer forged-token-value', 'Basic YWRtaW46RGVtb0AyMDI1', 'Bearer']) {
      const res = await t.app.inject({ url: '/api/me', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(401);
    }
  });

  it('changes the password only with the old one and by the rule, and ends the other sessions', async () => {
    await newStaffAccount('pwd', 'Pwd@20250', '改密测试', '采油三厂');
    const token = await t.login('pwd', 'Pwd@20250');
    const other = await t.login('pwd', 'Pwd@20250');
    const put = (body: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/password', headers: t.auth(token), payload: body as object });

    for (const weak of ['short1!', 'onlyletters!', 'NoSymbol123', '12345678!']) {
      const res = await put({ oldPassword: 'Pwd@20250', newPassword: weak });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        path: 'newPassword',
        message: '密码至少8位，且须同时包含字母、数字和符号',
      });
    }
    const wrongOld = await put({ oldPassword: 'nope', newPassword: 'New#Pass123' });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().msg).toBe('原密码错误');

    expect((await put({ oldPassword: 'Pwd@20250', newPassword: 'New#Pass123' })).statusCode).toBe(200);
    expect((await login('pwd', 'Pwd@20250')).statusCode).toBe(401);
    expect((await login('pwd', 'New#Pass123')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: t.auth(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: t.auth(other) })).statusCode).toBe(401);
  });

  it('answers 400, never 500, to malformed bodies', async () => {
    const cases: { payload: string; contentType?: string }[] = [
      { payload: '{"username": "admin", ' },
      { payload: '[]' },
      { payload: '{"username": 12, "password": true}' },
      { payload: '{}' },
      { payload: '"just a string"' },
      { payload: 'username=admin', contentType: 'application/x-www-form-urlencoded' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: c.payload,
        headers: { 'content-type': c.contentType ?? 'application/json' },
      });
      expect(res.statusCode, c.payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, c.payload).toBeLessThan(500);
      expect(typeof res.json().msg).toBe('string');
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ path: 'password' })]);
  });
});

describe('the first administrator of a new production database', () => {
  it('refuses a weak ADMIN_PASSWORD with one line naming the rule, and creates nothing', async () => {
    const db = await openDb({});
    try {
      await migrate(db);
      // Built by hand: seed keeps its own check whatever the configuration loader lets through.
      const config = { ...loadConfig({ NODE_ENV: 'test' }), nodeEnv: 'production', adminPassword: 'admin123' };
      const error = await seed(db, config).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(
        'ADMIN_PASSWORD 不符合密码规则：密码至少8位，且须同时包含字母、数字和符号 / ADMIN_PASSWORD does not meet the password rule: 8 to 64 characters with letters, digits and a symbol',
      );
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(0);

      const strong = { ...config, adminPassword: 'Str0ng#Admin' };
      expect(await seed(db, strong)).toBe('new production database: admin account created');
    } finally {
      await db.close();
    }
  });
});
