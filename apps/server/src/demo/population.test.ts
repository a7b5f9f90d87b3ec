import { createHash } from 'node:crypto';
import {
  ageOn,
  bmi,
  DEMO_COMPANY,
  INDICATORS,
  idCardInfo,
  isValidIdCard,
  MOBILE_PATTERN,
  type UnitSeed,
} from '@peis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { insertUnitTree } from '../db/seed';
import { seedPopulation } from './population';

const EMPLOYEES = 3000;

interface EmployeeRow {
  id: number;
  unit_id: number;
  name: string;
  id_card: string;
  sex: number;
  birthday: string;
  mobile: string;
  job_no: string;
}
interface CheckRow {
  employee_id: number;
  check_date: string;
  year: number;
  provider: string;
  values: Record<string, number>;
}

async function freshDb(): Promise<Db> {
  const db = await openDb({});
  await migrate(db);
  await db.tx((q) => insertUnitTree(q, DEMO_COMPANY));
  return db;
}

async function load(db: Db) {
  const employees = (
    await db.query<EmployeeRow>(
      'SELECT id, unit_id, name, id_card, sex, birthday::text AS birthday, mobile, job_no FROM employees ORDER BY id',
    )
  ).rows.map((e) => ({ ...e, id: Number(e.id) }));
  const checks = (
    await db.query<CheckRow>(
      `SELECT employee_id, check_date::text AS check_date, year, provider, "values" FROM health_checks ORDER BY id`,
    )
  ).rows.map((c) => ({ ...c, employee_id: Number(c.employee_id) }));
  return { employees, checks };
}

const digest = (data: unknown) => createHash('sha256').update(JSON.stringify(data)).digest('hex');

const isHypertensive = (v: Record<string, number>) => v.SBP >= 140 || v.DBP >= 90;
const isDyslipidaemic = (v: Record<string, number>) => v.TC >= 6.2 || v.TG >= 2.3 || v.LDLC >= 4.1 || v.HDLC < 1.0;

describe('seedPopulation', () => {
  let db: Db;
  let result: { employees: number; checks: number };
  let employees: EmployeeRow[];
  let checks: CheckRow[];
  let units: { id: number; short_name: string; path: string }[];
  let byId: Map<number, EmployeeRow>;
  /** A second database (PGlite takes seconds to start): emptied between the runs that use it. */
  let second: Db;
  const secondRun = async (opts: Parameters<typeof seedPopulation>[1]) => {
    second ??= await freshDb();
    await second.exec('TRUNCATE employees, health_checks RESTART IDENTITY CASCADE');
    return second.tx((q) => seedPopulation(q, opts));
  };

  beforeAll(async () => {
    db = await freshDb();
    result = await db.tx((q) => seedPopulation(q, { employees: EMPLOYEES }));
    ({ employees, checks } = await load(db));
    byId = new Map(employees.map((e) => [e.id, e]));
    units = (await db.query<{ id: number; short_name: string; path: string }>('SELECT id, short_name, path FROM units'))
      .rows;
  });
  afterAll(async () => {
    await db?.close();
    await second?.close();
  });

  const checksOf = (year: number) => checks.filter((c) => c.year === year);
  const share = (year: number, test: (v: Record<string, number>) => boolean) => {
    const rows = checksOf(year);
    return rows.filter((c) => test(c.values)).length / rows.length;
  };

  it('inserts the employees and about 95 % of three yearly checks each', async () => {
    expect(result.employees).toBe(EMPLOYEES);
    expect(employees).toHaveLength(EMPLOYEES);
    expect(checks).toHaveLength(result.checks);
    expect(result.checks).toBeGreaterThan(EMPLOYEES * 3 * 0.92);
    expect(result.checks).toBeLessThan(EMPLOYEES * 3 * 0.98);
    expect(new Set(checks.map((c) => c.year))).toEqual(new Set([2023, 2024, 2025]));
    // At most one check a person a year.
    expect(new Set(checks.map((c) => `${c.employee_id}:${c.year}`)).size).toBe(checks.length);
  });

  it('gives the same data for the same seed and other data for another seed', async () => {
    const first = digest({ employees, checks });
    await secondRun({ employees: EMPLOYEES, seed: 20250101 });
    expect(digest(await load(second))).toBe(first);
    await secondRun({ employees: EMPLOYEES, seed: 7 });
    expect(digest(await load(second))).not.toBe(first);
  });

  it('makes valid, unique ID numbers that agree with sex and birthday', () => {
    const problems: string[] = [];
    for (const e of employees) {
      const info = idCardInfo(e.id_card);
      if (!isValidIdCard(e.id_card) || !/^6[1-5]\d{4}/.test(e.id_card)) problems.push(`invalid ${e.id_card}`);
      if (info.sex !== e.sex || info.birthday !== e.birthday) problems.push(`mismatch ${e.id_card}`);
    }
    expect(problems).toEqual([]);
    expect(new Set(employees.map((e) => e.id_card)).size).toBe(employees.length);
  });

  it('makes plausible people: names, ages 20–60, ~70 % men, mobiles and job numbers', () => {
    const on = new Date(2025, 5, 30);
    const problems: string[] = [];
    for (const e of employees) {
      const age = ageOn(e.birthday, on);
      if (age < 20 || age > 60) problems.push(`age ${age} of ${e.birthday}`);
      if (!/^[\u4e00-\u9fff]{2,3}$/.test(e.name)) problems.push(`name ${e.name}`);
      if (!MOBILE_PATTERN.test(e.mobile)) problems.push(`mobile ${e.mobile}`);
      if (!/^XB\d{6}$/.test(e.job_no)) problems.push(`job number ${e.job_no}`);
    }
    expect(problems).toEqual([]);
    const ages = employees.map((e) => ageOn(e.birthday, on));
    expect(Math.min(...ages)).toBe(20);
    expect(Math.max(...ages)).toBe(60);
    const men = employees.filter((e) => e.sex === 1).length / employees.length;
    expect(men).toBeGreaterThan(0.64);
    expect(men).toBeLessThan(0.76);
    expect(new Set(employees.map((e) => e.mobile)).size).toBe(employees.length);
    expect(new Set(employees.map((e) => e.job_no)).size).toBe(employees.length);
    expect(new Set(employees.map((e) => e.name)).size).toBeGreaterThan(employees.length / 3);
  });

  it('puts people in every unit but the root, more in the big plants than in the small offices', () => {
    const perUnit = new Map<string, number>();
    for (const e of employees) {
      const u = units.find((x) => x.id === e.unit_id)!;
      perUnit.set(u.short_name, (perUnit.get(u.short_name) ?? 0) + 1);
    }
    const root = units.find((u) => u.path.split('/').filter(Boolean).length === 1)!;
    expect(perUnit.get(root.short_name)).toBeUndefined();
    for (const u of units)
      if (u.id !== root.id && u.short_name !== '采油一厂')
        expect(perUnit.get(u.short_name), u.short_name).toBeGreaterThan(3);
    for (const name of ['保卫部', '页岩油', '行政事务中心', '新疆分公司'])
      expect(perUnit.get(name)).toBeGreaterThanOrEqual(5);
    expect(perUnit.get('采油二厂')!).toBeGreaterThan(5 * perUnit.get('机关')!);
    expect(perUnit.get('井下作业')!).toBeGreaterThan(5 * perUnit.get('信息中心')!);
    // A unit with child units has its people mostly in them.
    expect(perUnit.get('采油一厂') ?? 0).toBeLessThan(perUnit.get('采油一厂一区')! / 5);
  });

  it('records every indicator, rounded and inside its plausible range, with BMI from height and weight', () => {
    const problems: string[] = [];
    for (const c of checks) {
      const where = `check of ${c.employee_id} in ${c.year}`;
      for (const ind of INDICATORS) {
        const v = c.values[ind.code];
        const f = 10 ** ind.decimals;
        if (typeof v !== 'number') problems.push(`${ind.code} missing in ${where}`);
        else if (v < ind.min || v > ind.max) problems.push(`${ind.code} ${v} out of range in ${where}`);
        else if (Math.round(v * f) / f !== v) problems.push(`${ind.code} ${v} not rounded in ${where}`);
      }
      if (c.values.BMI !== bmi(c.values.HEIGHT, c.values.WEIGHT)) problems.push(`BMI ${c.values.BMI} in ${where}`);
      if (Object.keys(c.values).length !== INDICATORS.length) problems.push(`extra values in ${where}`);
      if (problems.length > 20) break;
    }
    expect(problems).toEqual([]);
  });

  it('dates checks on working days from March to October of their year', () => {
    const problems: string[] = [];
    for (const c of checks) {
      const d = new Date(`${c.check_date}T00:00:00Z`);
      const month = d.getUTCMonth() + 1;
      if (d.getUTCFullYear() !== c.year || month < 3 || month > 10) problems.push(`${c.check_date} in ${c.year}`);
      if (d.getUTCDay() === 0 || d.getUTCDay() === 6) problems.push(`${c.check_date} is a weekend day`);
      if (!/体检|健康管理/.test(c.provider)) problems.push(`provider ${c.provider}`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps related values coherent', () => {
    const problems: string[] = [];
    for (const c of checks) {
      const v = c.values;
      // TC ≈ LDL + HDL + TG/2.2 (Friedewald), HbA1c following glucose, diastolic below systolic.
      if (Math.abs(v.TC - (v.LDLC + v.HDLC + v.TG / 2.2)) > 0.6) problems.push(`lipids ${JSON.stringify(v)}`);
      if (Math.abs(v.HBA1C - (2.6 + 0.55 * v.FPG)) > 1.2) problems.push(`HbA1c ${v.HBA1C} with FPG ${v.FPG}`);
      if (v.DBP >= v.SBP) problems.push(`BP ${v.SBP}/${v.DBP}`);
    }
    expect(problems).toEqual([]);
    const mean = (sex: number, code: string) => {
      const rows = checksOf(2025).filter((c) => byId.get(c.employee_id)!.sex === sex);
      return rows.reduce((s, c) => s + c.values[code], 0) / rows.length;
    };
    expect(mean(1, 'HEIGHT')).toBeGreaterThan(mean(2, 'HEIGHT') + 8);
    expect(mean(1, 'UA')).toBeGreaterThan(mean(2, 'UA') + 50);
    expect(mean(1, 'CR')).toBeGreaterThan(mean(2, 'CR') + 10);
    expect(mean(1, 'HDLC')).toBeLessThan(mean(2, 'HDLC'));
    expect(mean(1, 'WAIST')).toBeGreaterThan(mean(2, 'WAIST'));
  });

  it('has 2025 prevalences near Chinese adult figures', () => {
    const p = {
      hypertension: share(2025, isHypertensive),
      dyslipidaemia: share(2025, isDyslipidaemic),
      raisedGlucose: share(2025, (v) => v.FPG >= 6.1),
      diabetes: share(2025, (v) => v.FPG >= 7.0),
      hyperuricaemia: share(2025, (v) => v.UA > 420),
      overweight: share(2025, (v) => v.BMI >= 24 && v.BMI < 28),
      obesity: share(2025, (v) => v.BMI >= 28),
    };
    expect(p.hypertension).toBeGreaterThan(0.18);
    expect(p.hypertension).toBeLessThan(0.32);
    expect(p.dyslipidaemia).toBeGreaterThan(0.27);
    expect(p.dyslipidaemia).toBeLessThan(0.43);
    expect(p.raisedGlucose).toBeGreaterThan(0.06);
    expect(p.raisedGlucose).toBeLessThan(0.15);
    expect(p.diabetes).toBeGreaterThan(0.02);
    expect(p.diabetes).toBeLessThan(0.08);
    expect(p.hyperuricaemia).toBeGreaterThan(0.1);
    expect(p.hyperuricaemia).toBeLessThan(0.21);
    expect(p.overweight).toBeGreaterThan(0.28);
    expect(p.overweight).toBeLessThan(0.42);
    expect(p.obesity).toBeGreaterThan(0.1);
    expect(p.obesity).toBeLessThan(0.21);
  });

  it('shows the programme working in 2025, though not in every unit', () => {
    const count = (year: number, test: (v: Record<string, number>) => boolean, unitId?: number) =>
      checksOf(year).filter(
        (c) => test(c.values) && (unitId === undefined || byId.get(c.employee_id)!.unit_id === unitId),
      ).length;
    expect(count(2025, isHypertensive)).toBeLessThan(count(2024, isHypertensive));
    expect(count(2025, isDyslipidaemic)).toBeLessThan(count(2024, isDyslipidaemic));
    expect(count(2025, (v) => v.BMI >= 24)).toBeLessThan(count(2024, (v) => v.BMI >= 24));
    expect(count(2023, isHypertensive)).toBeGreaterThan(count(2024, isHypertensive));
    const worse = units.filter((u) => count(2025, isHypertensive, u.id) > count(2024, isHypertensive, u.id) + 2);
    const better = units.filter((u) => count(2025, isHypertensive, u.id) < count(2024, isHypertensive, u.id) - 2);
    expect(worse.map((u) => u.short_name)).toContain('钻井处');
    expect(better.length).toBeGreaterThan(worse.length);
  });

  it('gives a few people to every leaf unit of a small population', async () => {
    const r = await secondRun({ employees: 40, years: [2025] });
    expect(r.employees).toBe(40);
    const { rows } = await second.query<{ short_name: string; n: number }>(
      `SELECT u.short_name, count(e.id)::int AS n FROM units u LEFT JOIN employees e ON e.unit_id = u.id
          WHERE NOT EXISTS (SELECT 1 FROM units c WHERE c.parent_id = u.id) GROUP BY u.short_name`,
    );
    const leaves = (function count(u: UnitSeed): number {
      return u.children?.length ? u.children.reduce((s, c) => s + count(c), 0) : 1;
    })(DEMO_COMPANY);
    expect(rows).toHaveLength(leaves);
    for (const row of rows) expect(row.n, row.short_name).toBeGreaterThanOrEqual(2);
    const { rows: years } = await second.query<{ year: number }>('SELECT DISTINCT year FROM health_checks');
    expect(years.map((y) => y.year)).toEqual([2025]);
  });
});
