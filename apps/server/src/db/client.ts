import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

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
}

export async function openDb(opts: DbOptions): Promise<Db> {
  return opts.url ? openPostgres(opts.url, opts.schema) : openPglite(opts.dataDir);
}

async function openPglite(dataDir?: string): Promise<Db> {
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
    tx: (fn) => lite.transaction((t) => fn(wrap(t as unknown as Lite))),
    close: () => lite.close(),
  };
}

async function openPostgres(url: string, schema?: string): Promise<Db> {
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
  });
  // numeric and bigint come back as strings from pg; PGlite gives numbers. Give numbers on both.
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === 20 || oid === 1700) return (v: string) => (v === null ? null : Number(v));
      return pg.types.getTypeParser(oid, format);
    },
  };
  const run = async <T>(client: pg.Pool | pg.PoolClient, text: string, params?: unknown[]) => {
    const r = await client.query({ text, values: params, types } as pg.QueryConfig);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    query: (text, params) => run(pool, text, params),
    exec: async (script) => {
      await pool.query(script);
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
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
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
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
