import { bmi, INDICATORS, idCardCheckChar } from '@peis/shared';
import type { Queryable } from '../db/client';
import { placeholders } from '../lib/sql';
import { chineseName } from './names';

/**
 * Deterministic demo population: employees spread over the unit tree and their yearly health checks.
 *
 * Each person has a latent metabolic risk that raises weight, blood pressure, lipids, glucose and uric
 * acid together, plus persistent personal deviations per indicator; each check adds measurement noise
 * and the year's programme effect. 2023 is slightly worse than 2024; in 2025 most units improve (the
 * health-management programme works) while 钻井处 and 新疆分公司 get worse. The 2025 prevalences sit near
 * Chinese adult figures: hypertension ~25 %, dyslipidaemia ~35 %, FPG ≥ 6.1 ~10 % (≥ 7.0 ~4–5 %),
 * uric acid > 420 ~15 %, overweight ~35 %, obesity ~15 %.
 *
 * The same options always give the same rows: one seeded PRNG is
 * drawn in a fixed order. Rows are made and inserted a batch at a time, so memory stays bounded for any
 * population size.
 */

export const DEFAULT_SEED = 20250101;

export const DEFAULT_YEARS = [2023, 2024, 2025];
/** Ages (20–60) hold on this day. */
export const AGE_REFERENCE_DATE = '2025-06-30';

export interface PopulationOptions {
  employees: number;
  seed?: number;
  years?: number[];
}

/** Employees per INSERT (7 parameters each). */
const EMPLOYEE_BATCH = 500;
/** Health checks per INSERT (5 parameters each). */
const CHECK_BATCH = 500;
const REF_YEAR = 2025;
/** The year before the programme's effect: later years improve by the unit's response. */
const BASE_YEAR = 2024;

// ---------------------------------------------------------------------------------------------------
// Random numbers

/** mulberry32: small, fast, good enough for demo data; a uniform float in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  readonly next: () => number;
  private spare: number | null = null;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** Standard normal (Box–Muller, the second value kept for the next call). */
  normal(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1][0];
  }
}

// ---------------------------------------------------------------------------------------------------
// Units

interface UnitProfile {
  /** Relative head count. */
  weight: number;
  /** Share of men. */
  male: number;
  /** Shift of the latent metabolic risk (field work, shifts, canteen food …). */
  risk: number;
  /** Programme response after BASE_YEAR: 1 = the company average, negative = getting worse. */
  response: number;
  /** Shift of the age distribution, years. */
  age: number;
  /** Where people come from (ID area codes). */
  region: 'nw' | 'xj';
}

/** The demo tree's units (packages/shared DEMO_COMPANY); other trees get defaults. */
const UNIT_PROFILES: Record<string, Partial<UnitProfile>> = {
  采油一厂: { weight: 0.4, male: 0.6, age: 4, response: 1.2 },
  采油一厂一区: { weight: 9, male: 0.72, risk: 0.1, response: 1.6 },
  采油一厂二区: { weight: 8, male: 0.72, risk: 0.1, response: 1.0 },
  采油二厂: { weight: 14, male: 0.7, risk: 0.1, response: 1.8 },
  采油三厂: { weight: 12, male: 0.7, risk: 0.1, response: 0.7 },
  采气一厂: { weight: 8, male: 0.7, risk: 0.05, response: 1.2 },
  页岩油: { weight: 3, male: 0.75, age: -6, response: 0.6 },
  研究院: { weight: 3, male: 0.6, age: -3, risk: -0.15, response: 1.0 },
  工艺院: { weight: 2.5, male: 0.62, age: -2, risk: -0.1, response: 1.1 },
  钻井处: { weight: 10, male: 0.86, risk: 0.2, response: -0.9 },
  井下作业: { weight: 12, male: 0.82, risk: 0.15, response: 1.2 },
  输油处: { weight: 5, male: 0.66, response: 0.9 },
  水电处: { weight: 4, male: 0.66, response: 1.0 },
  物资处: { weight: 2.5, male: 0.55, age: 3, response: 0.7 },
  信息中心: { weight: 1, male: 0.55, age: -5, risk: -0.1, response: 1.3 },
  保卫部: { weight: 0.8, male: 0.8, age: 2, response: 1.0 },
  行政事务中心: { weight: 1.5, male: 0.4, age: 4, response: 0.9 },
  新疆分公司: { weight: 3, male: 0.75, risk: 0.1, response: -0.7, region: 'xj' },
  机关: { weight: 2, male: 0.55, age: 4, risk: 0.15, response: 1.5 },
};

interface Unit extends UnitProfile {
  id: number;
  shortName: string;
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function profileFor(shortName: string, hasChildren: boolean): UnitProfile {
  const known = UNIT_PROFILES[shortName] ?? {};
  return {
    weight: known.weight ?? (hasChildren ? 0.3 : 3),
    male: known.male ?? 0.7,
    risk: known.risk ?? 0,
    // Unknown units: a fixed response in 0.4–1.6 taken from the name, so they differ from each other.
    response: known.response ?? 0.4 + (hashString(shortName) % 121) / 100,
    age: known.age ?? 0,
    region: known.region ?? (shortName.includes('新疆') ? 'xj' : 'nw'),
  };
}

/** Employees per unit: proportional to the weights, and a few in every leaf unit when the total allows. */
function allocate(units: { weight: number; leaf: boolean }[], total: number): number[] {
  const leaves = units.filter((u) => u.leaf).length;
  const floor = leaves ? Math.min(5, Math.floor(total / leaves)) : 0;
  const counts = units.map((u) => (u.leaf ? floor : 0));
  const rest = total - counts.reduce((s, c) => s + c, 0);
  const weightSum = units.reduce((s, u) => s + u.weight, 0);
  const shares = units.map((u) => (rest * u.weight) / weightSum);
  let given = 0;
  shares.forEach((s, i) => {
    counts[i] += Math.floor(s);
    given += Math.floor(s);
  });
  // Largest remainders get the last ones (ties by position: deterministic).
  const order = shares.map((s, i) => [s - Math.floor(s), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; k < rest - given; k++) counts[order[k % order.length][1]]++;
  return counts;
}

// ---------------------------------------------------------------------------------------------------
// People

/** County-level area codes (GB/T 2260) of the regions the workforce comes from. */
const AREAS_NW: [string, number][] = [
  ['610102', 3], // 西安 新城区
  ['610103', 3], // 西安 碑林区
  ['610104', 3], // 西安 莲湖区
  ['610111', 2], // 西安 灞桥区
  ['610112', 3], // 西安 未央区
  ['610113', 3], // 西安 雁塔区
  ['610602', 4], // 延安 宝塔区
  ['610802', 4], // 榆林 榆阳区
  ['620102', 2], // 兰州 城关区
  ['620602', 3], // 武威 凉州区
  ['621002', 4], // 庆阳 西峰区
  ['640104', 2], // 银川 兴庆区
  ['640302', 3], // 吴忠 利通区
  ['640381', 2], // 吴忠 青铜峡市
];
const AREAS_XJ: [string, number][] = [
  ['650102', 3], // 乌鲁木齐 天山区
  ['650103', 3], // 乌鲁木齐 沙依巴克区
  ['650104', 2], // 乌鲁木齐 新市区
  ['650105', 2], // 乌鲁木齐 水磨沟区
  ['650202', 2], // 克拉玛依 独山子区
  ['650203', 4], // 克拉玛依 克拉玛依区
  ['650204', 2], // 克拉玛依 白碱滩区
];

const MOBILE_PREFIXES =
  '130 131 132 133 135 136 137 138 139 150 151 152 153 155 156 157 158 159 166 173 177 180 181 182 183 185 186 187 188 189 191 193 198 199'.split(
    ' ',
  );

/** Age bands on AGE_REFERENCE_DATE: an oilfield workforce, older than the country's. */
const AGE_BANDS: [[number, number], number][] = [
  [[20, 24], 5],
  [[25, 29], 10],
  [[30, 34], 12],
  [[35, 39], 13],
  [[40, 44], 14],
  [[45, 49], 16],
  [[50, 54], 17],
  [[55, 60], 13],
];

interface Person {
  unit: Unit;
  name: string;
  idCard: string;
  sex: 1 | 2;
  birthday: string;
  /** Whole years on AGE_REFERENCE_DATE. */
  age: number;
  mobile: string;
  jobNo: string;
  /** Latent metabolic risk (standard normal plus the unit's shift). */
  z: number;
  height: number;
  /** Programme response after BASE_YEAR (the unit's plus a personal part). */
  response: number;
  /** Uniform: below the year's diabetes probability = diabetic that year (stable, rises with age). */
  diabetesDraw: number;
  /** Personal diabetic glucose excess, mmol/L. */
  diabetesExcess: number;
  /** Persistent personal deviations, standard normal. */
  e: Record<(typeof PERSONAL)[number], number>;
}

const PERSONAL = [
  'bmi',
  'sbp',
  'dbp',
  'tg',
  'hdl',
  'ldl',
  'fpg',
  'ua',
  'cr',
  'hcy',
  'alt',
  'ast',
  'hr',
  'waist',
] as const;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

interface PersonContext {
  rnd: Random;
  idCards: Set<string>;
  mobiles: Set<string>;
}

function makePerson(ctx: PersonContext, unit: Unit, index: number): Person {
  const { rnd } = ctx;
  const sex: 1 | 2 = rnd.chance(unit.male) ? 1 : 2;
  let age = 0;
  for (let tries = 0; tries < 5; tries++) {
    const [lo, hi] = rnd.weighted(AGE_BANDS);
    age = rnd.int(lo, hi) + Math.round(unit.age * (0.5 + rnd.next()));
    if (age >= 20 && age <= 60) break;
  }
  age = Math.min(60, Math.max(20, age));
  // Born between (2024 − age)-07-01 and (2025 − age)-06-30: exactly `age` on 2025-06-30.
  const birth = new Date(Date.UTC(REF_YEAR - age, 5, 30 - rnd.int(0, 364)));
  const birthday = ymd(birth);
  const regionAreas =
    unit.region === 'xj' ? (rnd.chance(0.75) ? AREAS_XJ : AREAS_NW) : rnd.chance(0.94) ? AREAS_NW : AREAS_XJ;
  const area = rnd.weighted(regionAreas);
  let idCard = '';
  do {
    // Sequence 001–999: odd for men, even for women.
    const seq = 2 * rnd.int(0, 498) + (sex === 1 ? 1 : 2);
    const first17 = `${area}${birthday.replaceAll('-', '')}${pad(seq, 3)}`;
    idCard = first17 + idCardCheckChar(first17);
  } while (ctx.idCards.has(idCard));
  ctx.idCards.add(idCard);
  let mobile = '';
  do mobile = rnd.pick(MOBILE_PREFIXES) + pad(rnd.int(0, 99_999_999), 8);
  while (ctx.mobiles.has(mobile));
  ctx.mobiles.add(mobile);
  const male = sex === 1;
  const e = {} as Person['e'];
  for (const k of PERSONAL) e[k] = rnd.normal();
  return {
    unit,
    name: chineseName(rnd.next, sex, birth.getUTCFullYear()),
    idCard,
    sex,
    birthday,
    age,
    mobile,
    jobNo: `XB${pad(index + 1, 6)}`,
    z: rnd.normal() + unit.risk,
    height: (male ? 170.5 : 159.0) - 0.05 * (age - 40) + (male ? 6 : 5.5) * rnd.normal(),
    response: unit.response + 0.7 * rnd.normal(),
    diabetesDraw: rnd.next(),
    diabetesExcess: Math.exp(0.45 + 0.5 * rnd.normal()),
    e,
  };
}

// ---------------------------------------------------------------------------------------------------
// Health checks

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** Improvement over BASE_YEAR in programme units (positive = healthier). */
function improvement(p: Person, year: number): number {
  return year <= BASE_YEAR ? -0.5 * (BASE_YEAR - year) : (year - BASE_YEAR) * p.response;
}

/** One year's measurements, unrounded, every indicator code of INDICATORS. */
function measure(p: Person, year: number, rnd: Random): Record<string, number> {
  const m = p.sex === 1;
  const age = p.age + (year - REF_YEAR);
  const A = (age - 40) / 10;
  const d = improvement(p, year);
  const { z, e } = p;
  const n = () => rnd.normal();

  const height = p.height + 0.3 * n();
  const bmiMedian = m ? 24.5 + 0.35 * A : 22.9 + 0.8 * A;
  const bmiTrue = bmiMedian * Math.exp(0.14 * (0.45 * z + 0.89 * e.bmi) - 0.009 * d + 0.015 * n());
  const weight = Math.round(bmiTrue * (height / 100) ** 2 * 10) / 10;
  const roundedHeight = Math.round(height * 10) / 10;
  const b = bmi(roundedHeight, weight);
  const B = bmiTrue - 24;

  const waist = (m ? 86 : 78.5) + (m ? 2.4 : 2.2) * B + (m ? 1.0 : 1.5) * A + 3.2 * e.waist + 1.2 * n();

  const sbpBase = m ? 128.5 + 4.5 * A : 116 + 7 * A;
  const sbp = sbpBase + 1.3 * B + 3 * z + 11 * e.sbp + 5.5 * n() - 1.3 * d;
  const dbpBase = m ? 81 + 1.5 * A : 73 + 2.5 * A;
  const dbp = dbpBase + 0.35 * (sbp - sbpBase) + 0.4 * B + 5.5 * e.dbp + 3 * n() - 0.5 * d;

  const tg = clamp(
    Math.exp(
      Math.log(m ? 1.5 : 1.05) + (m ? 0.04 : 0.1) * A + 0.035 * B + 0.12 * z + 0.4 * e.tg + 0.15 * n() - 0.035 * d,
    ),
    0.3,
    15,
  );
  const hdl = clamp((m ? 1.16 : 1.36) - 0.025 * B - 0.05 * z + 0.22 * e.hdl + 0.07 * n() + 0.01 * d, 0.5, 2.8);
  const ldl = clamp(
    (m ? 2.9 : 2.75) + (m ? 0.12 : 0.22) * A + 0.03 * B + 0.08 * z + 0.68 * e.ldl + 0.2 * n() - 0.05 * d,
    0.8,
    7.5,
  );
  const tc = ldl + hdl + tg / 2.2 + 0.1 * n();

  const diabetic = p.diabetesDraw < logistic(-4.0 + 0.8 * z + 0.7 * A + 0.3 * (m ? 1 : 0) + 0.08 * B);
  const fpgNormal = 5.2 + 0.12 * A + 0.05 * B + 0.12 * z + 0.42 * e.fpg + 0.2 * n() - 0.02 * d;
  const fpg = clamp(diabetic ? 6.2 + p.diabetesExcess + 0.5 * n() : fpgNormal, 3.6, 25);
  const hba1c = clamp(2.6 + 0.55 * fpg + 0.2 * n(), 3.8, 15);

  const ua = clamp(
    m
      ? 357 + 8 * B + 12 * z - 3 * A + 60 * e.ua + 20 * n() - 3 * d
      : 290 + 6 * B + 8 * z + 8 * A + 58 * e.ua + 18 * n() - 2 * d,
    120,
    750,
  );
  const cr = clamp(m ? 80 + 1.5 * A + 11 * e.cr + 4 * n() : 60 + A + 8 * e.cr + 3 * n(), 35, 180);
  const hcy = clamp(Math.exp(Math.log(m ? 12.5 : 9.5) + (m ? 0.05 : 0.07) * A + 0.25 * e.hcy + 0.08 * n()), 4, 60);
  const altDev = 0.4 * e.alt + 0.2 * n() + 0.05 * B + 0.1 * z;
  const alt = clamp((m ? 25 : 16) * Math.exp(altDev), 5, 300);
  const ast = clamp((m ? 23 : 19) * Math.exp(0.35 * altDev + 0.15 * e.ast + 0.1 * n()), 8, 250);
  const hr = clamp(72 + (m ? 0 : 3) + 0.25 * B + 7 * e.hr + 4 * n(), 48, 115);

  return {
    SBP: clamp(sbp, 85, 220),
    DBP: clamp(dbp, 50, 130),
    TC: tc,
    TG: tg,
    LDLC: ldl,
    HDLC: hdl,
    FPG: fpg,
    HBA1C: hba1c,
    UA: ua,
    CR: cr,
    HCY: hcy,
    HEIGHT: roundedHeight,
    WEIGHT: weight,
    BMI: b,
    WAIST: clamp(waist, 55, 150),
    ALT: alt,
    AST: ast,
    HR: hr,
  };
}

/** The values column: every indicator rounded to its decimals and kept inside its plausible range. */
function valuesJson(raw: Record<string, number>): string {
  const out: Record<string, number> = {};
  for (const ind of INDICATORS) {
    const v = raw[ind.code];
    if (v === undefined) continue;
    const f = 10 ** ind.decimals;
    out[ind.code] = clamp(Math.round(v * f) / f, ind.min, ind.max);
  }
  return JSON.stringify(out);
}

const PROVIDERS = ['油田总医院体检中心', '油田职工医院健康管理中心', '市第一人民医院体检中心', '爱康国宾体检中心'];
const PROVIDERS_XJ = ['克拉玛依市中心医院体检中心', '新疆油田医院体检中心', '爱康国宾体检中心'];

/** Working days (Mon–Fri, without the May Day and National Day holidays) from March to October. */
function checkDays(year: number): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(year, 2, 1); t <= Date.UTC(year, 9, 31); t += 86_400_000) {
    const d = new Date(t);
    const dow = d.getUTCDay();
    const mo = d.getUTCMonth() + 1;
    const day = d.getUTCDate();
    if (dow === 0 || dow === 6 || (mo === 5 && day <= 5) || (mo === 10 && day <= 7)) continue;
    days.push(ymd(d));
  }
  return days;
}

/** Each unit checks its people in a six-week campaign a year, mostly at one hospital. */
interface Campaign {
  days: string[];
  provider: string;
  providers: string[];
}

// ---------------------------------------------------------------------------------------------------

/**
 * Inserts `employees` demo employees into the units of the table (every unit but the root) and their
 * health checks for `years` (default 2023–2025, ~95 % attendance a year). Call it inside a transaction.
 */
export async function seedPopulation(
  q: Queryable,
  opts: PopulationOptions,
): Promise<{ employees: number; checks: number }> {
  const total = opts.employees;
  if (!Number.isInteger(total) || total < 0) throw new Error(`employees must be a whole number ≥ 0, got ${total}`);
  const years = [...new Set(opts.years ?? DEFAULT_YEARS)].sort((a, b) => a - b);
  const rnd = new Random(opts.seed ?? DEFAULT_SEED);

  const { rows: unitRows } = await q.query<{ id: number; short_name: string; path: string }>(
    'SELECT id, short_name, path FROM units WHERE deleted_at IS NULL ORDER BY path, id',
  );
  if (total > 0 && unitRows.length === 0) throw new Error('no units: insert the unit tree first');
  const depth = (path: string) => path.split('/').filter(Boolean).length;
  const nonRoot = unitRows.filter((u) => depth(u.path) > 1);
  const candidates = nonRoot.length ? nonRoot : unitRows;
  const units: (Unit & { leaf: boolean })[] = candidates.map((u) => {
    const leaf = !unitRows.some((o) => o.path !== u.path && o.path.startsWith(u.path));
    return { id: Number(u.id), shortName: u.short_name, leaf, ...profileFor(u.short_name, !leaf) };
  });
  const counts = allocate(units, total);

  // Who works where, shuffled so that ids are not grouped by unit.
  const unitOf = new Int32Array(total);
  let k = 0;
  counts.forEach((c, i) => {
    unitOf.fill(i, k, k + c);
    k += c;
  });
  for (let i = total - 1; i > 0; i--) {
    const j = Math.floor(rnd.next() * (i + 1));
    const t = unitOf[i];
    unitOf[i] = unitOf[j];
    unitOf[j] = t;
  }

  const campaigns = new Map<string, Campaign>();
  for (const year of years) {
    const days = checkDays(year);
    const span = Math.min(30, days.length);
    for (const u of units) {
      const start = rnd.int(0, days.length - span);
      const providers = u.region === 'xj' ? PROVIDERS_XJ : PROVIDERS;
      campaigns.set(`${u.id}:${year}`, {
        days: days.slice(start, start + span),
        provider: rnd.pick(providers),
        providers,
      });
    }
  }

  const ctx: PersonContext = { rnd, idCards: new Set(), mobiles: new Set() };
  let checks = 0;
  for (let from = 0; from < total; from += EMPLOYEE_BATCH) {
    const people: Person[] = [];
    for (let i = from; i < Math.min(total, from + EMPLOYEE_BATCH); i++)
      people.push(makePerson(ctx, units[unitOf[i]], i));

    const params: unknown[] = [];
    for (const p of people) params.push(p.unit.id, p.name, p.idCard, p.sex, p.birthday, p.mobile, p.jobNo);
    const { rows } = await q.query<{ id: number | string | bigint; id_card: string }>(
      `INSERT INTO employees (unit_id, name, id_card, sex, birthday, mobile, job_no)
       VALUES ${placeholders(people.length, 7)} RETURNING id, id_card`,
      params,
    );
    const idByCard = new Map(rows.map((r) => [r.id_card, Number(r.id)]));

    let batch: unknown[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const n = batch.length / 5;
      await q.query(
        `INSERT INTO health_checks (employee_id, check_date, year, provider, "values")
         VALUES ${placeholders(n, 5, { 5: '::jsonb' })}`,
        batch,
      );
      checks += n;
      batch = [];
    };
    for (const p of people) {
      const employeeId = idByCard.get(p.idCard);
      if (employeeId === undefined) throw new Error(`employee ${p.idCard} was not returned by the insert`);
      for (const year of years) {
        // Everything is drawn whether or not the person attended: the stream does not depend on attendance.
        const attended = rnd.chance(0.95);
        const campaign = campaigns.get(`${p.unit.id}:${year}`)!;
        const date = rnd.pick(campaign.days);
        const provider = rnd.chance(0.85) ? campaign.provider : rnd.pick(campaign.providers);
        const values = valuesJson(measure(p, year, rnd));
        if (!attended) continue;
        batch.push(employeeId, date, year, provider, values);
        if (batch.length >= CHECK_BATCH * 5) await flush();
      }
    }
    await flush();
  }
  return { employees: total, checks };
}
