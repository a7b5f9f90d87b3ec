import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordSchema } from '@peis/shared';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Everything the server reads from its environment, with the defaults of the README. */
export interface Config {
  port: number;
  host: string;
  nodeEnv: string;
  /** PGlite data folder, used when no databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  /** Built web app served under /peis/. */
  webDist: string;
  /** Folder for uploaded files. */
  uploadDir: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  demoEmployees: number;
  /** Password of the first `admin` account on a new production database. */
  adminPassword?: string;
  logLevel: string;
  /** Serve the OpenAPI document and its viewer at /api/docs (API_DOCS=on|off; off by default in production). */
  apiDocs: boolean;
  /** Fastify trustProxy: false unless TRUST_PROXY names the proxies (addresses/CIDRs) or is `true`. */
  trustProxy: boolean | string[];
}

/**
 * A bad environment value. The server stops on it with one line naming the variable (server.ts), instead of
 * running on a fallback the operator did not choose. zh/en say what is expected; the value is never shown
 * for a secret.
 */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
    readonly expectedZh: string,
    readonly expectedEn: string,
  ) {
    super(`${variable}=${JSON.stringify(value)}: expected ${expectedEn}`);
    this.name = 'ConfigError';
  }
}

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The variable's value; empty counts as unset (so `PORT=` is the default, not port 0). */
const given = (env: NodeJS.ProcessEnv, name: string) => {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
};

/** A whole number in [min, max]; anything else (abc, 1.5, 1e3, -1, out of range) is a ConfigError. */
function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const v = given(env, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max) {
    throw new ConfigError(name, v, `${min} 到 ${max} 之间的整数`, `a whole number from ${min} to ${max}`);
  }
  return n;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const v = given(env, name);
  if (v === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(v)) {
    throw new ConfigError(name, v, `以下之一：${allowed.join('、')}`, `one of ${allowed.join(', ')}`);
  }
  return v as T;
}

/** A postgres:// URL; returned as given (pg parses it), checked here so a typo stops the start with its name. */
function postgresUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = given(env, name);
  if (v === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(v);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
    throw new ConfigError(
      name,
      redactUrl(v),
      'postgres://用户:密码@主机:5432/数据库 形式的地址',
      'a URL of the form postgres://user:pass@host:5432/database',
    );
  }
  return v;
}

/** HOST: an IP address or a host name (no spaces, no scheme, no port). */
function host(env: NodeJS.ProcessEnv): string {
  const v = given(env, 'HOST');
  if (v === undefined) return '0.0.0.0';
  if (isIP(v) || /^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$/.test(v)) return v;
  throw new ConfigError(
    'HOST',
    v,
    '本机的 IP 地址或主机名，如 0.0.0.0 或 127.0.0.1',
    'an IP address or host name of this machine, e.g. 0.0.0.0 or 127.0.0.1',
  );
}

/** ADMIN_PASSWORD: in production it becomes the first admin's password, so it must pass the password rule. */
function adminPassword(env: NodeJS.ProcessEnv, nodeEnv: string): string | undefined {
  const v = env.ADMIN_PASSWORD || undefined;
  if (v !== undefined && nodeEnv === 'production' && !passwordSchema.safeParse(v).success) {
    // The value is a secret: never repeated in the message.
    throw new ConfigError(
      'ADMIN_PASSWORD',
      '***',
      '8 到 64 位且同时包含字母、数字和符号的密码',
      'a password of 8 to 64 characters with letters, digits and a symbol',
    );
  }
  return v;
}

/** A URL with its password replaced by ***, for messages and logs. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    // Not a URL: hide anything between "://user:" and "@".
    return value.replace(/(:\/\/[^:/@]*:)[^@]*@/, '$1***@');
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', NODE_ENVS, 'development');
  const dataDir = resolve(repoRoot, given(env, 'DATA_DIR') ?? 'data');
  // Read by db/client.ts when it opens the database; checked here with the rest (0 = no limit for the timeouts).
  int(env, 'DB_POOL_SIZE', 10, 1, 1000);
  int(env, 'DB_STATEMENT_TIMEOUT_MS', 120_000, 0, 86_400_000);
  int(env, 'DB_TX_IDLE_TIMEOUT_MS', 60_000, 0, 86_400_000);
  return {
    port: int(env, 'PORT', 8080, 1, 65535),
    host: host(env),
    nodeEnv,
    dataDir,
    databaseUrl: postgresUrl(env, 'DATABASE_URL'),
    webDist: resolve(repoRoot, given(env, 'WEB_DIST') ?? 'apps/web/dist'),
    uploadDir: resolve(dataDir, given(env, 'UPLOAD_DIR') ?? 'uploads'),
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 30, 1, 7 * 24 * 60),
    sessionMaxHours: int(env, 'SESSION_MAX_HOURS', 12, 1, 30 * 24),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 1, 100),
    loginLockMinutes: int(env, 'LOGIN_LOCK_MINUTES', 15, 1, 24 * 60),
    demoEmployees: int(env, 'DEMO_EMPLOYEES', 2000, 0, 1_000_000),
    adminPassword: adminPassword(env, nodeEnv),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    apiDocs: oneOf(env, 'API_DOCS', ['on', 'off'], nodeEnv === 'production' ? 'off' : 'on') === 'on',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

/** TRUST_PROXY: unset/false → trust no proxy; true → any; else comma-separated proxy addresses or CIDRs. */
function parseTrustProxy(v: string | undefined): boolean | string[] {
  const value = v?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  const proxies = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  // proxy-addr (Fastify's) also knows these names for ranges.
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  for (const p of proxies) {
    const [addr, bits, ...rest] = p.split('/');
    const family = isIP(addr);
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!named.includes(p) && (!family || !okBits || rest.length > 0)) {
      throw new ConfigError(
        'TRUST_PROXY',
        value,
        'true、false 或以逗号分隔的代理 IP 地址/网段（如 10.0.0.1,192.168.0.0/16）',
        'true, false or comma-separated proxy addresses or CIDRs (e.g. 10.0.0.1,192.168.0.0/16)',
      );
    }
  }
  return proxies;
}
