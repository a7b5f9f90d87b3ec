import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

const num = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(repoRoot, env.DATA_DIR ?? 'data');
  return {
    port: num(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    nodeEnv: env.NODE_ENV ?? 'development',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    webDist: resolve(repoRoot, env.WEB_DIST ?? 'apps/web/dist'),
    uploadDir: resolve(dataDir, env.UPLOAD_DIR ?? 'uploads'),
    sessionIdleMinutes: num(env.SESSION_IDLE_MINUTES, 30),
    sessionMaxHours: num(env.SESSION_MAX_HOURS, 12),
    loginMaxFailures: num(env.LOGIN_MAX_FAILURES, 5),
    loginLockMinutes: num(env.LOGIN_LOCK_MINUTES, 15),
    demoEmployees: num(env.DEMO_EMPLOYEES, 2000),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    apiDocs: env.API_DOCS === 'on' || (env.API_DOCS !== 'off' && env.NODE_ENV !== 'production'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

/** TRUST_PROXY: unset/false → trust no proxy; true → any; else comma-separated proxy addresses or CIDRs. */
function parseTrustProxy(v: string | undefined): boolean | string[] {
  const value = v?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}
