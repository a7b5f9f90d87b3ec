import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from './config';

/** The ConfigError loadConfig throws for `env`, or undefined when it accepts it. */
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return undefined;
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
};

describe('loadConfig', () => {
  it('gives the README defaults for an empty environment, and treats empty values as unset', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', nodeEnv: 'development', logLevel: 'info' });
    expect(c.databaseUrl).toBeUndefined();
    expect(loadConfig({ PORT: '', DATA_DIR: ' ' })).toMatchObject({ port: 8080, dataDir: c.dataDir });
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('reads good values', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://u:p@db.example:5433/peis',
      LOG_LEVEL: 'debug',
      SESSION_IDLE_MINUTES: '45',
      DEMO_EMPLOYEES: '0',
      DB_POOL_SIZE: '20',
      DB_STATEMENT_TIMEOUT_MS: '0',
      TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback',
      ADMIN_PASSWORD: 'Admin@2025',
    });
    expect(c).toMatchObject({ port: 9000, host: '127.0.0.1', nodeEnv: 'production', logLevel: 'debug' });
    expect(c).toMatchObject({ sessionIdleMinutes: 45, demoEmployees: 0 });
    expect(c.trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', 'loopback']);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '65536'],
    ['PORT', '80.5'],
    ['PORT', '-1'],
    ['PORT', '1e3'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['SESSION_MAX_HOURS', 'twelve'],
    ['LOGIN_MAX_FAILURES', '1000'],
    ['LOGIN_LOCK_MINUTES', '-5'],
    ['DEMO_EMPLOYEES', '2e6'],
    ['DB_POOL_SIZE', '0'],
    ['DB_STATEMENT_TIMEOUT_MS', '2m'],
    ['DB_TX_IDLE_TIMEOUT_MS', '-1'],
    ['NODE_ENV', 'prod'],
    ['LOG_LEVEL', 'verbose'],
    ['DATABASE_URL', 'mysql://u@h/db'],
    ['DATABASE_URL', 'localhost:5432/peis'],
    ['HOST', 'http://0.0.0.0'],
    ['HOST', '0.0.0.0:8080'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['API_DOCS', 'yes'],
  ])('refuses %s=%s with a ConfigError naming the variable', (variable, value) => {
    const err = refusal({ [variable]: value });
    expect(err?.variable).toBe(variable);
    expect(err?.expectedZh).toBeTruthy();
    expect(err?.expectedEn).toBeTruthy();
  });

  it('checks ADMIN_PASSWORD against the password rule in production, without repeating it', () => {
    const err = refusal({ NODE_ENV: 'production', ADMIN_PASSWORD: 'secret' });
    expect(err?.variable).toBe('ADMIN_PASSWORD');
    expect(err?.message).not.toContain('secret');
    expect(refusal({ NODE_ENV: 'development', ADMIN_PASSWORD: 'secret' })).toBeUndefined();
  });

  it('never repeats a password of DATABASE_URL', () => {
    const err = refusal({ DATABASE_URL: 'mysql://u:hunter2@h/db' });
    expect(err?.value).not.toContain('hunter2');
    expect(redactUrl('postgres://u:hunter2@h:5432/db')).toBe('postgres://u:***@h:5432/db');
    expect(redactUrl('not a url ://u:hunter2@h')).not.toContain('hunter2');
  });
});
