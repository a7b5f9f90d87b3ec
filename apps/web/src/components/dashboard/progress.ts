import { completionRate } from '@peis/shared';
import type { ProgressRow, RingData } from './dashboard-api';

/** Health-package levels (coverage_level) in column order. */
export const PACKAGE_LEVELS = [
  { level: 1, label: '一级' },
  { level: 2, label: '二级' },
  { level: 3, label: '三级' },
] as const;

export interface LevelCounts {
  total: number;
  done: number;
}

/** One unit of the health-package dialog: contracts and completed contracts per level, and their sum. */
export interface PackageRow {
  unit: string;
  levels: Record<1 | 2 | 3, LevelCounts>;
  /** SPEC §9: level 1 + level 2 + level 3. */
  total: number;
  done: number;
  rate: number;
}

const emptyLevels = (): Record<1 | 2 | 3, LevelCounts> => ({
  1: { total: 0, done: 0 },
  2: { total: 0, done: 0 },
  3: { total: 0, done: 0 },
});

/** Pivots the server's one-row-per-unit-and-level answer into one row per unit, keeping the unit order. */
export function pivotPackages(rows: ProgressRow[]): PackageRow[] {
  const byUnit = new Map<string, Record<1 | 2 | 3, LevelCounts>>();
  for (const row of rows) {
    const level = row.coverage_level;
    if (level !== 1 && level !== 2 && level !== 3) continue;
    const levels = byUnit.get(row.entOrgNameTwo) ?? emptyLevels();
    levels[level].total += row.total ?? 0;
    levels[level].done += row.status2Total ?? 0;
    byUnit.set(row.entOrgNameTwo, levels);
  }
  return [...byUnit.entries()].map(([unit, levels]) => {
    const total = levels[1].total + levels[2].total + levels[3].total;
    const done = levels[1].done + levels[2].done + levels[3].done;
    return { unit, levels, total, done, rate: completionRate(done, total) };
  });
}

/** Sum of the package pivot (the 合计 row). */
export function sumPackages(rows: PackageRow[]): Omit<PackageRow, 'unit'> {
  const levels = emptyLevels();
  for (const row of rows) {
    for (const { level } of PACKAGE_LEVELS) {
      levels[level].total += row.levels[level].total;
      levels[level].done += row.levels[level].done;
    }
  }
  const total = levels[1].total + levels[2].total + levels[3].total;
  const done = levels[1].done + levels[2].done + levels[3].done;
  return { levels, total, done, rate: completionRate(done, total) };
}

/**
 * The health-package ring, which has no wanchengdu call: done = Σ status2Total, total = Σ total over the
 * jiankangzhibiao 健康服务包 rows (levels 1–3), todo = total − done.
 */
export function packageRing(rows: ProgressRow[]): RingData {
  let total = 0;
  let done = 0;
  for (const row of rows) {
    total += row.total ?? 0;
    done += row.status2Total ?? 0;
  }
  return { done, todo: Math.max(total - done, 0), rate: completionRate(done, total) };
}
