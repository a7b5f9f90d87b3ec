import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Db, openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { RESET_DEMO_DATA_SQL, seed } from '../src/db/seed';
import { seedDemoInterventions } from '../src/demo/interventions';
import {
  type BenchResult,
  type BenchTarget,
  benchLog,
  injectLogin,
  ms1,
  outcome,
  percentile,
  RssSampler,
  runWhenForked,
  timeSamples,
} from './common';

/**
 * Work lists at scale (BENCH_ONLY=lists): the first page and a deep page (page 500, or the last one) of
 * every work list, counts included, for a company-wide account and the unit-scoped `staff`, with and
 * without a typical filter; p50/p95 of warm calls through app.inject.
 *
 * The database is built once and kept (a 100,000-employee seed takes minutes): PGlite in
 * bench/data/lists-<employees>/ (BENCH_LISTS_DIR), PostgreSQL in the database `bench_lists` beside
 * TEST_DATABASE_URL's (BENCH_LISTS_DATABASE_URL). A database with another population is re-seeded.
 *
 *   BENCH_ONLY=lists npm run bench
 *   BENCH_LISTS_SNAPSHOT=/tmp/lists.json   first run writes every answer, later runs compare with it
 */
const WARMUP = 2;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const PAGE_SIZE = 20;
const DEEP_PAGE = 500;
/** The issue's targets: p95 of every list call, count included. */
const P95_TARGET_MS: Record<string, number> = { PGlite: 250, PostgreSQL: 100 };
/** A year of console use: the demo seed writes few audit entries, a production log has many. */
const AUDIT_ROWS = 200_000;

interface ListDef {
  name: string;
  path: string;
  /** A typical filter of the page (query string); `{unit}` is a work area inside staff's plant. */
  filter: string;
  /**
   * Who reads it company-wide: the expert where the role may, else the administrator, else `allstaff`
   * (health staff without a unit, made here); unit-scoped: staff, else `unitadmin` (made here).
   */
  wide: 'expert' | 'admin' | 'allstaff';
  scoped: 'staff' | 'unitadmin';
}

const LISTS: ListDef[] = [
  { name: 'records', path: '/api/phr', filter: 'unitId={unit}', wide: 'expert', scoped: 'staff' },
  { name: 'checks', path: '/api/phr/check', filter: 'year=2025', wide: 'allstaff', scoped: 'staff' },
  { name: 'findings', path: '/api/positive/new', filter: 'year=2025', wide: 'expert', scoped: 'staff' },
  { name: 'tasks', path: '/api/positive/task', filter: 'status=1', wide: 'expert', scoped: 'staff' },
  { name: 'follow-up plans', path: '/api/follow-up/task', filter: 'status=1', wide: 'allstaff', scoped: 'staff' },
  { name: 'follow-up records', path: '/api/follow-up/log', filter: 'unitId={unit}', wide: 'allstaff', scoped: 'staff' },
  { name: 'contracts', path: '/api/contract', filter: 'status=1', wide: 'allstaff', scoped: 'staff' },
  { name: 'intervention tasks', path: '/api/hi/task', filter: 'status=1', wide: 'allstaff', scoped: 'staff' },
  { name: 'diet prescriptions', path: '/api/diet/task', filter: 'status=2', wide: 'expert', scoped: 'staff' },
  { name: 'fitness prescriptions', path: '/api/fitness/task', filter: 'status=2', wide: 'expert', scoped: 'staff' },
  { name: 'accounts', path: '/api/account', filter: 'unitId={unit}', wide: 'admin', scoped: 'unitadmin' },
  { name: 'users', path: '/api/user', filter: 'userType=2', wide: 'admin', scoped: 'unitadmin' },
  { name: 'audit log', path: '/api/oplog', filter: 'action=login', wide: 'admin', scoped: 'staff' },
];

export interface ListFigures {
  list: string;
  account: string;
  filter: boolean;
  page: number;
  total: number;
  p50: number;
  p95: number;
}

/** The kept benchmark database: its PostgreSQL URL (created when missing), or undefined for PGlite. */
export async function keptDatabaseUrl(target: BenchTarget): Promise<string | undefined> {
  if (!target.url) return undefined;
  if (process.env.BENCH_LISTS_DATABASE_URL) return process.env.BENCH_LISTS_DATABASE_URL;
  const url = new URL(target.url);
  url.pathname = '/bench_lists';
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  try {
    const { rows } = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'bench_lists'");
    if (!rows[0]) await admin.query('CREATE DATABASE bench_lists');
  } finally {
    await admin.end();
  }
  return url.toString();
}

/** Seeds the kept database unless it already holds this population; tops the audit log up to AUDIT_ROWS. */
export async function prepare(db: Db, employees: number, target: BenchTarget): Promise<number> {
  const t = Date.now();
  await migrate(db);
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM employees WHERE deleted_at IS NULL');
  // seed() makes exactly `employees` live employees; anything else is another population.
  if (rows[0].n !== employees) {
    log(target, `seeding ${employees.toLocaleString('en')} employees (kept for later runs) …`);
    await db.exec(RESET_DEMO_DATA_SQL);
    await seed(db, loadConfig({ NODE_ENV: 'test' }), { employees });
  }
  const { rows: audit } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
  if (audit[0].n < AUDIT_ROWS) {
    // Console users' everyday entries spread over a year, as the accounts of the demo wrote them.
    await db.query(
      `INSERT INTO audit_log (at, user_id, username, action, resource, record_id, success, ip)
       SELECT now() - (g * interval '150 seconds'), u.id, u.username,
              (ARRAY['login', 'update', 'create', 'export', 'confirm', 'logout'])[1 + (g / 7) % 6],
              (ARRAY['session', 'phr', 'positiveTask', 'account', 'check', 'session'])[1 + (g / 7) % 6],
              (g % 5000)::text, g % 50 <> 0, '10.0.0.' || (g % 250)
         FROM generate_series(1, $1::int) g
         JOIN (SELECT id, username, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM users) u
           ON u.k = g % u.n`,
      [AUDIT_ROWS - audit[0].n],
    );
    await db.exec('ANALYZE audit_log');
  }
  const { rows: plans } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM follow_up_plans');
  if (plans[0].n === 0) {
    // The demo seed makes no follow-ups: a plan for every fifth task (its person, finding and assignee),
    // a third of them ended, and two visits recorded for each.
    await db.query(
      `INSERT INTO follow_up_plans (employee_id, finding_id, title, method, frequency_days, next_date, end_date,
                                    assignee_id, status, created_by)
       SELECT t.employee_id, t.finding_id, '复查随访', 1 + t.id % 4, 30, t.due_date + (t.id % 90)::int, NULL,
              t.assignee_id, CASE WHEN t.id % 3 = 0 THEN 2 ELSE 1 END, t.assignee_id
         FROM positive_tasks t WHERE t.id % 5 = 0`,
    );
    await db.query(
      `INSERT INTO follow_up_records (plan_id, employee_id, follow_date, method, outcome, created_by)
       SELECT p.id, p.employee_id, p.next_date - k * 30, p.method, '已随访，情况稳定', p.assignee_id
         FROM follow_up_plans p CROSS JOIN generate_series(1, 2) k`,
    );
  }
  const { rows: models } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM intervention_models');
  // A database seeded before the interventions (issue 12): their demo models and runs.
  if (models[0].n === 0) await db.tx((q) => seedDemoInterventions(q));
  // Planner statistics for new indexes; no VACUUM: a PGlite deployment has no autovacuum either.
  await db.exec('ANALYZE');
  return Date.now() - t;
}

/** Opens the kept database of `employees` (PostgreSQL bench_lists or the PGlite folder), not yet prepared. */
export async function openKeptDatabase(target: BenchTarget, employees: number) {
  const url = await keptDatabaseUrl(target);
  const dataDir = url
    ? undefined
    : (process.env.BENCH_LISTS_DIR ?? fileURLToPath(new URL(`data/lists-${employees}`, import.meta.url)));
  // Seeding 100,000 employees is a batch job, not a request: no statement limit.
  const db = await openDb({ url, dataDir, statementTimeoutMs: 0 });
  return { db, url, dataDir };
}

/**
 * Work lists: a kept database with the demo data at `employees`, then each list's first and deep page
 * through app.inject for a company-wide and a unit-scoped account, with and without a typical filter.
 */
export async function benchLists(target: BenchTarget, opts: { employees: number }): Promise<BenchResult> {
  const started = Date.now();
  const rss = new RssSampler();
  const { db, url, dataDir } = await openKeptDatabase(target, opts.employees);
  const failures: string[] = [];
  try {
    const prepareMs = await prepare(db, opts.employees, target);
    log(target, `database ready in ${(prepareMs / 1000).toFixed(1)} s (${url ? 'bench_lists' : dataDir})`);

    // A unit administrator of staff's plant and a company-wide health staff account, for the lists
    // that neither the expert nor staff can open.
    const { rows: staff } = await db.query<{ unit_id: number; path: string }>(
      `SELECT s.unit_id, u.path FROM users s JOIN units u ON u.id = s.unit_id WHERE s.username = 'staff'`,
    );
    await db.query(
      `INSERT INTO users (username, password_hash, name, user_type, role_id, unit_id, openid)
       SELECT 'unitadmin', a.password_hash, '单位管理员', 1, a.role_id, $1, 'bench-unitadmin'
         FROM users a WHERE a.username = 'admin'
          AND NOT EXISTS (SELECT 1 FROM users WHERE username = 'unitadmin')`,
      [staff[0].unit_id],
    );
    await db.query(
      `INSERT INTO users (username, password_hash, name, user_type, role_id, openid)
       SELECT 'allstaff', s.password_hash, '全公司健康管理', 2, s.role_id, 'bench-allstaff'
         FROM users s WHERE s.username = 'staff'
          AND NOT EXISTS (SELECT 1 FROM users WHERE username = 'allstaff')`,
    );
    // The work area with the most employees inside staff's plant, for the unit filter.
    const { rows: areas } = await db.query<{ id: number }>(
      `SELECT u.id FROM units u JOIN employees e ON e.unit_id = u.id AND e.deleted_at IS NULL
        WHERE u.path LIKE $1 AND u.id <> $2 GROUP BY u.id ORDER BY count(*) DESC, u.id LIMIT 1`,
      [`${staff[0].path}%`, staff[0].unit_id],
    );
    const unit = String(areas[0]?.id ?? staff[0].unit_id);

    const app = await buildApp({ db, config: loadConfig({ NODE_ENV: 'test' }) });
    await app.ready();
    const tokens: Record<string, string> = {};
    for (const username of ['expert', 'admin', 'allstaff', 'staff', 'unitadmin']) {
      tokens[username] = await injectLogin(app, username);
    }

    const snapshotFile = process.env.BENCH_LISTS_SNAPSHOT;
    const snapshot: Record<string, unknown> =
      snapshotFile && existsSync(snapshotFile) ? JSON.parse(readFileSync(snapshotFile, 'utf8')) : {};
    const answers: Record<string, unknown> = {};
    const limit = P95_TARGET_MS[target.name] ?? 100;
    const figures: ListFigures[] = [];
    for (const list of LISTS) {
      for (const account of [list.wide, list.scoped]) {
        for (const filtered of [false, true]) {
          const get = async (page: number) => {
            const qs = `page=${page}&pageSize=${PAGE_SIZE}${filtered ? `&${list.filter.replace('{unit}', unit)}` : ''}`;
            const res = await app.inject({
              method: 'GET',
              url: `${list.path}?${qs}`,
              headers: { authorization: `Bearer ${tokens[account]}` },
            });
            if (res.statusCode !== 200)
              throw new Error(`${list.path}?${qs} as ${account}: ${res.statusCode} ${res.body.slice(0, 300)}`);
            return res.json() as { code: number; data: { total: number; records: unknown[] } };
          };
          const first = await get(1);
          const total = first.data.total;
          const deep = Math.max(1, Math.min(DEEP_PAGE, Math.ceil(total / PAGE_SIZE)));
          for (const page of deep > 1 ? [1, deep] : [1]) {
            let answer: unknown;
            const samples = await timeSamples(
              async () => {
                answer = await get(page);
              },
              WARMUP,
              REPEAT,
            );
            const f: ListFigures = {
              list: list.name,
              account,
              filter: filtered,
              page,
              total,
              p50: ms1(percentile(samples, 50)),
              p95: ms1(percentile(samples, 95)),
            };
            figures.push(f);
            const label = `${list.name} ${account}${filtered ? ` ${decodeURIComponent(list.filter.replace('{unit}', unit))}` : ''} page ${page}`;
            log(target, `${label}: total ${total}, p50 ${f.p50} ms, p95 ${f.p95} ms`);
            if (!(f.p95 < limit)) failures.push(`${label}: p95 ${f.p95} ms ≥ ${limit} ms`);
            // The audit log grows with every sign-in of the bench, so its answers are not comparable.
            if (list.name !== 'audit log') {
              answers[label] = answer;
              if (label in snapshot && !isDeepStrictEqual(snapshot[label], answer)) {
                failures.push(`${label}: answer differs from ${snapshotFile}`);
              }
            }
          }
        }
      }
    }
    if (snapshotFile && !existsSync(snapshotFile)) writeFileSync(snapshotFile, JSON.stringify(answers));
    await app.close();

    for (const f of failures) log(target, `✗ ${f}`);
    const { rows: counts } = await db.query<{ employees: number; checks: number; audit: number }>(
      `SELECT (SELECT count(*)::int FROM employees) AS employees, (SELECT count(*)::int FROM health_checks) AS checks,
              (SELECT count(*)::int FROM audit_log) AS audit`,
    );
    const peak = rss.stop();
    return {
      bench: 'lists',
      target: target.name,
      employees: counts[0].employees,
      checks: counts[0].checks,
      auditRows: counts[0].audit,
      prepareMs,
      warmup: WARMUP,
      repeat: REPEAT,
      p95TargetMs: limit,
      lists: figures,
      ...outcome(failures, started, peak.overall),
    };
  } finally {
    rss.stop();
    await db.close();
  }
}

const log = benchLog('lists');

runWhenForked('lists.ts', (target, employees) => benchLists(target, { employees }));
