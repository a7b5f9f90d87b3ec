import type { AbnormalityKey } from '@peis/shared';
import {
  ABNORMAL_FACTORS,
  AGE_BANDS,
  COMPLETION_INDICATORS,
  completionRate,
  DECLINE_ALWAYS_UNITS,
  DECLINE_ORDER,
  declineRate,
  INDICATOR_TABLE_ROWS,
  RISK_LEVELS,
  UNIT_ALIASES,
} from '@peis/shared';
import { badRequest, notFound } from '../../lib/errors';
import type { UnitFilter } from '../../lib/unit-filter';

/**
 * The answers of the company-dashboard calls (SPEC §7 shapes), built from counts. The calls read their
 * counts from the rollups (rollups.ts) and the reference queries over the raw tables (raw.ts) produce the
 * same counts, so both go through these builders and must answer identically.
 */

export const indicatorByKey = (key: string) => {
  const ind = COMPLETION_INDICATORS.find((i) => i.key === key);
  if (!ind) throw notFound('指标不存在');
  return ind;
};

export const indicatorByTitle = (title: string) => {
  const ind = COMPLETION_INDICATORS.find((i) => i.title === title || i.key === title);
  if (!ind) throw badRequest('target 无效');
  return ind;
};

export const ringAnswer = (done: number, todo: number) => ({ todo, done, rate: completionRate(done, done + todo) });

export interface ProgressRow {
  entOrgNameTwo: string;
  total: number;
  status2Total: number;
}
export interface PackageRow extends ProgressRow {
  coverage_level: number;
}

/** Per unit short name, the flagged people of 2024 and 2025 → the decline table (aliases, fixed units, order). */
export function declineAnswer(rows: { shortName: string; count2024: number; count2025: number }[], f: UnitFilter) {
  const byName = new Map<string, { count2024: number; count2025: number }>();
  for (const row of rows) {
    const name = UNIT_ALIASES[row.shortName] ?? row.shortName;
    const cur = byName.get(name) ?? { count2024: 0, count2025: 0 };
    byName.set(name, { count2024: cur.count2024 + row.count2024, count2025: cur.count2025 + row.count2025 });
  }
  // The four fixed units belong to the company-wide view; a unit filter shows only what lies inside it
  // (and so may be empty: 暂无数据，请稍后访问).
  if (!f.companyName && !f.unitId) {
    for (const name of DECLINE_ALWAYS_UNITS) if (!byName.has(name)) byName.set(name, { count2024: 0, count2025: 0 });
  }
  const rank = (n: string) => (DECLINE_ORDER.includes(n) ? DECLINE_ORDER.indexOf(n) : DECLINE_ORDER.length);
  return [...byName.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, 'zh'))
    .map(([name, c]) => ({
      name,
      count2024: c.count2024,
      count2025: c.count2025,
      rate: declineRate(c.count2024, c.count2025),
    }));
}

/** Count of indicator row `id` among checks of an age band and sex. */
export type IndicatorCount = (id: number, band: string, sex: 1 | 2) => number;

/** The 14 rows of the employee indicator table, per age band and sex, heji the sum. */
export function indicatorTableAnswer(count: IndicatorCount) {
  return INDICATOR_TABLE_ROWS.map((def) => {
    const out: Record<string, string | number> = {
      id: def.id,
      leibie: def.leibie,
      mingcheng: def.mingcheng,
      biaozhun: def.biaozhun,
    };
    let heji = 0;
    for (const band of AGE_BANDS) {
      for (const [sex, suffix] of [
        [1, 'nan'],
        [2, 'nv'],
      ] as const) {
        const n = count(def.id, band.key, sex);
        out[`${band.key}_${suffix}`] = n;
        heji += n;
      }
    }
    out.heji = heji;
    return out;
  });
}

export const factorAnswer = (count: (key: AbnormalityKey) => number) =>
  ABNORMAL_FACTORS.map((f) => ({ name: f.name, value: count(f.key) }));

export const riskAnswer = (count: (level: string) => number) =>
  RISK_LEVELS.map((name) => ({ name, value: count(name) }));
