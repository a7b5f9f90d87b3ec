import { describe, expect, it } from 'vitest';
import { streamXlsx } from '../crud/xlsx';
import { createTestApp, TEST_DATABASES, type TestApp } from '../test/harness';
import { withTestApp } from '../test/suite';

describe('exports', () => {
  it('a failing first batch is an error before any byte is sent, not a truncated file', async () => {
    const failing = streamXlsx('x', [{ header: 'a', key: 'a' }], async () => {
      throw new Error('单位不存在');
    });
    await expect(failing).rejects.toThrow('单位不存在');
  });
});

withTestApp('hardening of every answer ($name)', { employees: 5, users: ['admin', 'expert'] }, (t) => {
  it('sends the security headers on API answers, errors included', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/me' }),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('refuses NUL bytes, overflowing ids and impossible dates with a Chinese 400', async () => {
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ad\u0000min', password: 'x' },
    });
    expect(nul.statusCode).toBe(400);
    for (const [token, url] of [
      [t.token.expert, '/api/phr?name=a%00b'],
      [t.token.expert, '/api/phr?unitId=2147483648'],
      [t.token.expert, '/api/positive/task?employeeId=99999999999999999999'],
      [t.token.expert, '/api/phr/2147483648'],
      [t.token.admin, '/api/oplog?atFrom=2025-02-30'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.auth(token) });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('answers zod reasons in Chinese, never in English', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/role/1/permissions',
      headers: t.as('admin'),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    const texts = [res.json().msg, ...res.json().errors.map((e: { message: string }) => e.message)];
    for (const text of texts) {
      expect(text).toMatch(/[\u4e00-\u9fa5]/);
      expect(text).not.toMatch(/Invalid|expected|received/i);
    }
  });
});

describe.each(TEST_DATABASES)('the client address ($name)', (target) => {
  const loginFrom = async (t: TestApp) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.9.8.7',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { username: 'admin', password: 'Demo@2025' },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.db.query<{ ip: string }>('SELECT ip FROM sessions ORDER BY id DESC LIMIT 1');
    return rows[0].ip;
  };

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const plain = await createTestApp(target, { employees: 2 });
    try {
      expect(await loginFrom(plain)).toBe('10.9.8.7');
    } finally {
      await plain.close();
    }
    const proxied = await createTestApp(target, { employees: 2, env: { TRUST_PROXY: '10.9.8.7' } });
    try {
      expect(await loginFrom(proxied)).toBe('203.0.113.9');
    } finally {
      await proxied.close();
    }
  });
});
