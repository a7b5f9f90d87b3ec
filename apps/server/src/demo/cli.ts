/**
 * Loads the demo company into the configured database (DATABASE_URL, or the PGlite folder DATA_DIR):
 *
 *   npm run demo -- --employees 100000 [--seed N] [--reset]
 *
 * A database that already has employees is left alone unless --reset is given, which empties the
 * units, employees, health checks, accounts, sessions and audit log first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { RESET_DEMO_DATA_SQL, seed } from '../db/seed';
import { DEFAULT_SEED } from './population';

const USAGE = `用法 usage: npm run demo -- [--employees N] [--seed N] [--reset]
  --employees N  demo employees to create (default: DEMO_EMPLOYEES or 2000)
  --seed N       random seed (default ${DEFAULT_SEED}); the same seed gives the same data
  --reset        empty units, employees, health_checks, users, sessions, audit_log and intervention_models first`;

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw new Error(`--${name} must be a whole number, got "${value}"`);
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      employees: { type: 'string', short: 'n' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const employees = wholeNumber('employees', values.employees) ?? config.demoEmployees;
  const seedValue = wholeNumber('seed', values.seed);
  if (config.nodeEnv === 'production') {
    console.error('NODE_ENV=production: demo data is never loaded into a production database.');
    return 1;
  }

  // Loading a demo population is a batch job: at 100,000 employees one statement (the work history's
  // logs) can outlast the request limit on a busy machine.
  const db = await openDb({ url: config.databaseUrl, dataDir: config.dataDir, statementTimeoutMs: 0 });
  try {
    console.log(`database: ${db.kind === 'postgres' ? 'PostgreSQL' : `PGlite ${config.dataDir}`}`);
    await migrate(db);
    const { rows } = await db.query<{ employees: number; users: number }>(
      'SELECT (SELECT count(*) FROM employees)::int AS employees, (SELECT count(*) FROM users)::int AS users',
    );
    // seed() loads nothing into a database that has accounts, so those count as "not empty" too.
    if ((rows[0].employees > 0 || rows[0].users > 0) && !values.reset) {
      console.error(
        `The database already has ${rows[0].employees} employees and ${rows[0].users} accounts: nothing changed.\n` +
          'Run again with --reset to delete ALL units, employees, health checks, accounts, sessions, the audit log and intervention models ' +
          '(and the rows of tables that refer to them) and load new demo data.',
      );
      return 1;
    }
    const started = performance.now();
    if (values.reset) {
      await db.exec(RESET_DEMO_DATA_SQL);
      console.log('emptied units, employees, health_checks, users, sessions, audit_log, intervention_models');
    }
    console.log(`creating ${employees} employees, seed ${seedValue ?? DEFAULT_SEED} …`);
    const result = await seed(db, config, { employees, seed: seedValue });
    const counts = (
      await db.query<{ units: number; employees: number; checks: number; users: number }>(
        `SELECT (SELECT count(*) FROM units)::int AS units, (SELECT count(*) FROM employees)::int AS employees,
                (SELECT count(*) FROM health_checks)::int AS checks, (SELECT count(*) FROM users)::int AS users`,
      )
    ).rows[0];
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(result);
    console.log(
      `units ${counts.units}, employees ${counts.employees}, health checks ${counts.checks}, accounts ${counts.users} — ${seconds} s`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    console.error(USAGE);
    process.exit(1);
  },
);
