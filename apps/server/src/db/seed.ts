import { randomBytes } from 'node:crypto';
import { DEFAULT_ROLES, DEMO_COMPANY, passwordSchema, type UnitSeed } from '@peis/shared';
import type { Config } from '../config';
import { seedDemoInterventions } from '../demo/interventions';
import { seedPopulation } from '../demo/population';
import { seedDemoPrescriptions } from '../demo/prescriptions';
import { seedHealthRecords } from '../demo/records';
import { seedDemoWork } from '../demo/work';
import { refreshRollups } from '../lib/dashboard-rollup-refresh';
import { hashPassword } from '../lib/password';
import { evaluateAll } from '../lib/rule-evaluation';
import type { Db, Queryable } from './client';
import { seedDemoRecords } from './demo-records';
import { seedReferenceData } from './reference-data';

export const DEMO_PASSWORD = 'Demo@2025';

/** The demo accounts of the README: username, display name, role code, unit short name (null = company). */
export const DEMO_ACCOUNTS = [
  { username: 'admin', name: '系统管理员', role: 'companyAdmin', unit: null },
  { username: 'staff', name: '李卫康', role: 'healthStaff', unit: '采油一厂' },
  { username: 'expert', name: '王立新', role: 'expert', unit: null },
  { username: 'employee', name: '', role: 'employee', unit: '采油一厂' },
] as const;

const newOpenid = () => `o${randomBytes(20).toString('base64url').slice(0, 27)}`;

/** Creates the built-in roles that are missing. Runs on every start; never changes an edited role. */
export async function seedRoles(q: Queryable): Promise<void> {
  for (const role of DEFAULT_ROLES) {
    await q.query(
      `INSERT INTO roles (code, name, user_type, menus, buttons, builtin) VALUES ($1, $2, $3, $4, $5, true)
       ON CONFLICT (code) DO NOTHING`,
      [role.code, role.name, role.userType, role.menus, role.buttons],
    );
  }
}

export async function insertUnitTree(q: Queryable, seed: UnitSeed, parent: { id: number; path: string } | null = null) {
  let order = 0;
  const insert = async (node: UnitSeed, p: { id: number; path: string } | null, sortOrder: number) => {
    const { rows } = await q.query<{ id: number }>(
      'INSERT INTO units (parent_id, name, short_name, sort_order) VALUES ($1, $2, $3, $4) RETURNING id',
      [p?.id ?? null, node.name, node.shortName, sortOrder],
    );
    const id = rows[0].id;
    const path = `${p?.path ?? '/'}${id}/`;
    await q.query('UPDATE units SET path = $2 WHERE id = $1', [id, path]);
    let childOrder = 0;
    for (const child of node.children ?? []) await insert(child, { id, path }, ++childOrder);
  };
  await insert(seed, parent, ++order);
}

export async function createAccount(
  q: Queryable,
  a: {
    username: string;
    password: string;
    name: string;
    roleCode: string;
    unitId: number | null;
    employeeId?: number | null;
  },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, name, user_type, role_id, unit_id, employee_id, openid)
     SELECT $1, $2, $3, r.user_type, r.id, $5, $6, $7 FROM roles r WHERE r.code = $4 RETURNING id`,
    [a.username, await hashPassword(a.password), a.name, a.roleCode, a.unitId, a.employeeId ?? null, newOpenid()],
  );
  if (!rows[0]) throw new Error(`unknown role ${a.roleCode}`);
  return rows[0].id;
}

/**
 * Empties the demo data before a new population is loaded (`npm run demo -- --reset`, the kept bench database):
 * the tables the demo fills and, by CASCADE, every row referring to them. The intervention models are named
 * too: they refer to no unit or person, and the demo's five would otherwise collide with their names.
 */
export const RESET_DEMO_DATA_SQL =
  'TRUNCATE units, employees, health_checks, users, sessions, audit_log, intervention_models RESTART IDENTITY CASCADE';

/**
 * Prepares a database after its migrations: built-in roles always; on a new database the demo company,
 * its employees, their health checks and the demo accounts — or, in production, only the unit root and
 * an `admin` account with ADMIN_PASSWORD. Returns what it did, for the start-up log.
 */
export async function seed(db: Db, config: Config, opts: { employees?: number; seed?: number } = {}): Promise<string> {
  await db.tx(async (q) => {
    await seedRoles(q);
    await seedReferenceData(q);
  });
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if (rows[0].n > 0) return 'existing database';
  if (config.nodeEnv === 'production') {
    if (!config.adminPassword) return 'new production database without accounts: set ADMIN_PASSWORD and restart';
    // The first administrator's password follows the rule every other password follows; one line for the log.
    const rule = passwordSchema.safeParse(config.adminPassword);
    if (!rule.success) {
      throw new Error(
        `ADMIN_PASSWORD 不符合密码规则：${rule.error.issues[0].message} / ADMIN_PASSWORD does not meet the password rule: 8 to 64 characters with letters, digits and a symbol`,
      );
    }
    await db.tx(async (q) => {
      await insertUnitTree(q, { name: DEMO_COMPANY.name, shortName: DEMO_COMPANY.shortName });
      await createAccount(q, {
        username: 'admin',
        password: config.adminPassword!,
        name: '系统管理员',
        roleCode: 'companyAdmin',
        unitId: null,
      });
    });
    return 'new production database: admin account created';
  }
  const employees = opts.employees ?? config.demoEmployees;
  await db.tx(async (q) => {
    await insertUnitTree(q, DEMO_COMPANY);
    await seedPopulation(q, { employees, seed: opts.seed });
    await seedHealthRecords(q, opts.seed);
    await seedDemoRecords(q);
    // Findings and tags of the demo checks, as an import would have made them.
    await evaluateAll((fn) => fn(q));
    for (const a of DEMO_ACCOUNTS) {
      const unitId = a.unit
        ? (await q.query<{ id: number }>('SELECT id FROM units WHERE short_name = $1', [a.unit])).rows[0].id
        : null;
      let name: string = a.name;
      let employeeId: number | null = null;
      if (a.role === 'employee') {
        // The regular-staff account belongs to the first demo employee of its unit.
        const { rows: e } = await q.query<{ id: number; name: string }>(
          `SELECT e.id, e.name FROM employees e JOIN units u ON u.id = e.unit_id
            WHERE u.path LIKE (SELECT path FROM units WHERE id = $1) || '%' ORDER BY e.id LIMIT 1`,
          [unitId],
        );
        employeeId = e[0] ? Number(e[0].id) : null;
        name = e[0]?.name ?? '演示员工';
      }
      await createAccount(q, {
        username: a.username,
        password: DEMO_PASSWORD,
        name,
        roleCode: a.role,
        unitId,
        employeeId,
      });
    }
    // What the health centre did with those findings, so the work lists and the dashboard have history.
    await seedDemoWork(q);
    // Diet and exercise prescriptions for part of the people with abnormal tags, some issued before a later check.
    await seedDemoPrescriptions(q);
    // Intervention models and a run of two of them over the demo staff's plant (issue 12).
    await seedDemoInterventions(q);
  });
  // Planner statistics for the freshly loaded tables (PGlite has no autovacuum to collect them).
  await db.exec('ANALYZE');
  // The dashboard's per-unit rollups of the demo data, ready before the first page load.
  await refreshRollups(db);
  return `new database: demo data loaded (${employees} employees)`;
}
