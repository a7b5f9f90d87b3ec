import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { AppError } from '../lib/errors';

/**
 * The one query layer: plain parameterised SQL ($1, $2 …) over either an embedded PGlite database or a
 * PostgreSQL server. Both speak the same dialect, so every query and migration runs unchanged on both.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

export interface DbOptions {
  /** postgres://… — when set, a PostgreSQL server is used. */
  url?: string;
  /** PGlite data folder; omitted = in memory. */
  dataDir?: string;
  /** PostgreSQL only: put every table in this schema (isolated test runs). */
  schema?: string;
  /** Longest statement (PostgreSQL `statement_timeout`); 0 = none. Default DB_STATEMENT_TIMEOUT_MS or 120 s. */
  statementTimeoutMs?: number;
  /**
   * Longest wait inside a transaction between two statements (PostgreSQL
   * `idle_in_transaction_session_timeout`; on PGlite a guard in tx(), since its one connection serves every
   * request while a transaction holds it); 0 = none. Default DB_TX_IDLE_TIMEOUT_MS or 60 s.
   */
  txIdleTimeoutMs?: number;
}

const envMs = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return process.env[name] !== undefined && process.env[name] !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** The error a request gets when its transaction or statement ran out of time. */
const timedOut = () => new AppError(503, '数据库操作超时，请稍后重试');

export async function openDb(opts: DbOptions): Promise<Db> {
  const limits = {
    statementMs: opts.statementTimeoutMs ?? envMs('DB_STATEMENT_TIMEOUT_MS', 120_000),
    idleMs: opts.txIdleTimeoutMs ?? envMs('DB_TX_IDLE_TIMEOUT_MS', 60_000),
  };
  return opts.url ? openPostgres(opts.url, opts.schema, limits) : openPglite(opts.dataDir, limits.idleMs);
}

/**
 * Runs a transaction's body with an idle limit: when it issues no statement for `idleMs` (waiting on a
 * client, say), the transaction fails so it is rolled back and the connection freed; its later statements
 * fail too.
 */
async function withIdleLimit<T>(q: Queryable, idleMs: number, fn: (q: Queryable) => Promise<T>): Promise<T> {
  if (!idleMs) return fn(q);
  // One timer per transaction, not one per statement: it looks at the last activity when it fires.
  let running = 0;
  let last = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let expire: (err: Error) => void = () => undefined;
  const expired = new Promise<never>((_, reject) => {
    expire = reject;
  });
  const check = () => {
    const idle = Date.now() - last;
    if (running === 0 && idle >= idleMs) expire(timedOut());
    else timer = setTimeout(check, running ? idleMs : idleMs - idle).unref();
  };
  timer = setTimeout(check, idleMs).unref();
  const busy = async <R>(run: () => Promise<R>) => {
    running++;
    try {
      return await run();
    } finally {
      running--;
      last = Date.now();
    }
  };
  try {
    return await Promise.race([
      fn({
        query: (text, params) => busy(() => q.query(text, params)),
        exec: (script) => busy(() => q.exec(script)),
      }),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function openPglite(dataDir: string | undefined, idleMs: number): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir);
  // PGlite is one connection and serialises queries and transactions itself: a query outside a
  // transaction waits until the transaction has ended.
  type Lite = Pick<PGlite, 'query' | 'exec'>;
  const wrap = (q: Lite): Queryable => ({
    async query<T>(text: string, params?: unknown[]) {
      const r = await q.query<T>(text, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(script: string) {
      await q.exec(script);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(lite),
    tx: (fn) => lite.transaction((t) => withIdleLimit(wrap(t as unknown as Lite), idleMs, fn)),
    close: () => lite.close(),
  };
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  limits: { statementMs: number; idleMs: number },
): Promise<Db> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DB_POOL_SIZE ?? 10),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // Every statement, in a transaction or not, is bounded; a transaction left waiting is ended by the server.
    statement_timeout: limits.statementMs || undefined,
    idle_in_transaction_session_timeout: limits.idleMs || undefined,
  });
  // A connection the server closed (a timeout, a restart) is dropped from the pool, not a crash of the process.
  pool.on('error', () => undefined);
  // numeric and bigint come back as strings from pg; PGlite gives numbers. Give numbers on both.
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === 20 || oid === 1700) return (v: string) => (v === null ? null : Number(v));
      return pg.types.getTypeParser(oid, format);
    },
  };
  const run = async <T>(client: pg.Pool | pg.PoolClient, text: string, params?: unknown[]) => {
    try {
      const r = await client.query({ text, values: params, types } as pg.QueryConfig);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    } catch (err) {
      // 57014: statement_timeout; 25P03: idle_in_transaction_session_timeout.
      const code = (err as { code?: string }).code;
      if (code === '57014' || code === '25P03') throw timedOut();
      throw err;
    }
  };
  return {
    kind: 'postgres',
    query: (text, params) => run(pool, text, params),
    exec: async (script) => {
      await pool.query(script);
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // The server ends a transaction idle too long by closing its connection: that must not crash the process.
      let lost: Error | undefined;
      const onError = (err: Error) => {
        lost = err;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: (text, params) => run(client, text, params),
          exec: async (script) => {
            await client.query(script);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        if (!lost) await client.query('ROLLBACK').catch(() => undefined);
        if (lost && !(err instanceof AppError)) throw timedOut();
        throw err;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    async close() {
      if (schema && process.env.KEEP_TEST_SCHEMA !== '1' && schema.startsWith('test_')) {
        await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      }
      await pool.end();
    },
  };
}
