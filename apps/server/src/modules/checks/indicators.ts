import { bmi } from '@peis/shared';
import type { Queryable } from '../../db/client';

/**
 * One indicator as checks use it: the enabled rows of the indicators table (one per sex / age band)
 * folded into one definition. The plausible range is physics, not sex: the widest range of its bands.
 */
export interface IndicatorSpec {
  code: string;
  name: string;
  unit: string | null;
  plausibleMin: number;
  plausibleMax: number;
  decimals: number;
  sortOrder: number;
}

interface IndicatorRow {
  code: string;
  name: string;
  unit: string | null;
  plausible_min: number | string;
  plausible_max: number | string;
  decimals: number;
  sort_order: number;
}

/** The enabled indicators by code, in display order (the order of the template's columns). */
export async function loadIndicators(q: Queryable): Promise<Map<string, IndicatorSpec>> {
  const { rows } = await q.query<IndicatorRow>(
    `SELECT code, name, unit, plausible_min, plausible_max, decimals, sort_order FROM indicators
      WHERE enabled AND deleted_at IS NULL ORDER BY sort_order, id`,
  );
  const out = new Map<string, IndicatorSpec>();
  for (const r of rows) {
    const min = Number(r.plausible_min);
    const max = Number(r.plausible_max);
    const seen = out.get(r.code);
    if (seen) {
      seen.plausibleMin = Math.min(seen.plausibleMin, min);
      seen.plausibleMax = Math.max(seen.plausibleMax, max);
      continue;
    }
    out.set(r.code, {
      code: r.code,
      name: r.name,
      unit: r.unit || null,
      plausibleMin: min,
      plausibleMax: max,
      decimals: r.decimals,
      sortOrder: r.sort_order,
    });
  }
  return out;
}

/** "收缩压(mmHg)": the column header of an indicator in the template and the export. */
export const indicatorHeader = (d: IndicatorSpec) => (d.unit ? `${d.name}(${d.unit})` : d.name);

/** "50–300 mmHg" */
export const plausibleText = (d: IndicatorSpec) => `${d.plausibleMin}–${d.plausibleMax}${d.unit ? ` ${d.unit}` : ''}`;

export function roundTo(v: number, decimals: number): number {
  const f = 10 ** decimals;
  // toPrecision first: 1.005 * 100 is 100.49999999999999 in binary, and should round to 1.01.
  return Math.round(Number((v * f).toPrecision(12))) / f;
}

export interface ValueProblem {
  /** Indicator code the problem is about ('' when it is about the whole set). */
  code: string;
  message: string;
}

/** Checks one value of an indicator: a finite number inside the plausible range; rounded when good. */
export function checkValue(d: IndicatorSpec, v: unknown): { value?: number; problem?: string } {
  if (typeof v !== 'number' || !Number.isFinite(v)) return { problem: `${d.name}应为数字` };
  if (v < d.plausibleMin || v > d.plausibleMax) {
    return { problem: `${d.name} ${v} 超出合理范围（${plausibleText(d)}）` };
  }
  return { value: roundTo(v, d.decimals) };
}

/**
 * BMI from HEIGHT and WEIGHT when both are there (overriding a BMI given with them), checked against
 * the plausible range of BMI like a typed value.
 */
export function withBmi(defs: Map<string, IndicatorSpec>, values: Record<string, number>): ValueProblem | null {
  const h = values.HEIGHT;
  const w = values.WEIGHT;
  const def = defs.get('BMI');
  if (h === undefined || w === undefined || !def) return null;
  const b = bmi(h, w);
  const r = checkValue(def, b);
  if (r.problem) return { code: 'BMI', message: r.problem };
  values.BMI = r.value!;
  return null;
}

/**
 * Validates the values of a check: known enabled codes, finite numbers inside the plausible range,
 * rounded to the indicator's decimals, BMI computed; at least one value. Empty entries (null, '') are
 * left out.
 */
export function validateValues(
  defs: Map<string, IndicatorSpec>,
  raw: Record<string, unknown>,
): { values: Record<string, number>; problems: ValueProblem[] } {
  const values: Record<string, number> = {};
  const problems: ValueProblem[] = [];
  for (const [code, v] of Object.entries(raw)) {
    if (v === null || v === undefined || v === '') continue;
    const def = defs.get(code);
    if (!def) {
      problems.push({ code, message: `未知的指标代码 ${code}` });
      continue;
    }
    const r = checkValue(def, v);
    if (r.problem) problems.push({ code, message: r.problem });
    else values[code] = r.value!;
  }
  if (!problems.length) {
    const p = withBmi(defs, values);
    if (p) problems.push(p);
  }
  if (!problems.length && Object.keys(values).length === 0) problems.push({ code: '', message: '至少填写一项指标' });
  return { values, problems };
}

/** Values as a comparable string: keys sorted. */
export const canonicalValues = (values: Record<string, number>) =>
  JSON.stringify(Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));

/** Today in China (the centre's calendar), YYYY-MM-DD. */
export const todayInChina = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

export const EARLIEST_CHECK_DATE = '2000-01-01';

/** Problem of a check date ('YYYY-MM-DD' already), or null. */
export function checkDateProblem(date: string): string | null {
  if (!isRealDate(date)) return '体检日期格式应为 YYYY-MM-DD';
  if (date > todayInChina()) return '体检日期不能晚于今天';
  if (date < EARLIEST_CHECK_DATE) return '体检日期不能早于2000年';
  return null;
}

export function isRealDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
}
