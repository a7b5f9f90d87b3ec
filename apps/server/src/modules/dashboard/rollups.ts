import { ABNORMALITY_TYPES, HEALTH_PACKAGE_TITLE, INDICATOR_TABLE_ROWS, RISK_LEVELS } from '@peis/shared';
import type { Db, Queryable } from '../../db/client';
import { refreshRollups } from '../../lib/dashboard-rollup-refresh';
import { type UnitFilter, unitFilterSql } from '../../lib/unit-filter';
import type { SessionUser } from '../../plugins/auth';
import {
  declineAnswer,
  factorAnswer,
  indicatorByKey,
  indicatorByTitle,
  indicatorTableAnswer,
  type PackageRow,
  type ProgressRow,
  ringAnswer,
  riskAnswer,
} from './answers';
import type { DashboardQueries } from './raw';

/** Read side of the rollups (lib/dashboard-rollup-refresh.ts keeps them up to date after every write). */
interface SummedRow {
  unitId: number;
  shortName: string;
  metric: string;
  band: string;
  sex: number;
  year: number;
  n: number;
}

/**
 * The dashboard calls answered from the rollups: the same answers as rawDashboard, from a few hundred rows.
 * `db` refreshes marked unit-years first.
 */
export function rollupDashboard(db: Db): DashboardQueries {
  /** Rollup rows of the given years and metrics within the scope and filter, per unit, metric, band, sex. */
  async function sums(
    q: Queryable,
    user: SessionUser,
    f: UnitFilter,
    years: number[],
    metrics: string[],
  ): Promise<SummedRow[]> {
    const { rows: waiting } = await q.query('SELECT 1 FROM rollup_marks LIMIT 1');
    if (waiting.length) await refreshRollups(db);
    const params: unknown[] = [years, metrics];
    const scope = await unitFilterSql(q, user, f, params, 'r.unit_id');
    const { rows } = await q.query<SummedRow>(
      `SELECT r.unit_id AS "unitId", u.short_name AS "shortName", r.metric, r.band, r.sex::int AS sex, r.year::int AS year,
              sum(r.n)::int AS n
         FROM dashboard_rollups r JOIN units u ON u.id = r.unit_id
        WHERE r.year = ANY($1::smallint[]) AND r.metric = ANY($2::text[]) AND ${scope}
        GROUP BY r.unit_id, u.short_name, u.sort_order, r.metric, r.band, r.sex, r.year
        ORDER BY u.sort_order, r.unit_id`,
      params,
    );
    return rows;
  }
  const total = (rows: SummedRow[], metric: string) => rows.reduce((s, r) => (r.metric === metric ? s + r.n : s), 0);
  /** Per unit (in unit order), the sums of each metric. */
  const perUnit = (rows: SummedRow[]) => {
    const units = new Map<number, { shortName: string; n: Map<string, number> }>();
    for (const r of rows) {
      const u = units.get(r.unitId) ?? { shortName: r.shortName, n: new Map<string, number>() };
      u.n.set(r.metric, (u.n.get(r.metric) ?? 0) + r.n);
      units.set(r.unitId, u);
    }
    return [...units.values()];
  };

  return {
    async wanchengdu(q, user, f) {
      const ind = indicatorByKey(f.indicator);
      const rows = await sums(q, user, f, [f.year], [`flag:${ind.abnormality}`, `done:${ind.abnormality}`]);
      const done = total(rows, `done:${ind.abnormality}`);
      return ringAnswer(done, total(rows, `flag:${ind.abnormality}`) - done);
    },

    async jiankangzhibiao(q, user, f): Promise<ProgressRow[] | PackageRow[]> {
      if (f.target === HEALTH_PACKAGE_TITLE) {
        const levels = [1, 2, 3];
        const rows = await sums(
          q,
          user,
          f,
          [f.year],
          levels.flatMap((l) => [`pkg:${l}`, `pkgDone:${l}`]),
        );
        return perUnit(rows).flatMap((u) =>
          levels
            .filter((l) => (u.n.get(`pkg:${l}`) ?? 0) > 0)
            .map((l) => ({
              entOrgNameTwo: u.shortName,
              coverage_level: l,
              total: u.n.get(`pkg:${l}`) ?? 0,
              status2Total: u.n.get(`pkgDone:${l}`) ?? 0,
            })),
        );
      }
      const ind = indicatorByTitle(f.target);
      const flag = `flag:${ind.abnormality}`;
      const done = `done:${ind.abnormality}`;
      const rows = await sums(q, user, f, [f.year], [flag, done]);
      return perUnit(rows)
        .filter((u) => (u.n.get(flag) ?? 0) > 0)
        .map((u) => ({ entOrgNameTwo: u.shortName, total: u.n.get(flag) ?? 0, status2Total: u.n.get(done) ?? 0 }));
    },

    async zhibiaoxiajianglv(q, user, f) {
      const ind = indicatorByTitle(f.target);
      const rows = await sums(q, user, f, [2024, 2025], [`flag:${ind.abnormality}`]);
      const byName = new Map<string, { shortName: string; count2024: number; count2025: number }>();
      for (const r of rows) {
        const cur = byName.get(r.shortName) ?? { shortName: r.shortName, count2024: 0, count2025: 0 };
        if (r.year === 2024) cur.count2024 += r.n;
        else cur.count2025 += r.n;
        byName.set(r.shortName, cur);
      }
      return declineAnswer([...byName.values()], f);
    },

    async ygjkzb(q, user, f) {
      const rows = await sums(
        q,
        user,
        f,
        [f.year],
        INDICATOR_TABLE_ROWS.map((r) => `row:${r.id}`),
      );
      const counts = new Map<string, number>();
      for (const r of rows) {
        const key = `${r.metric}|${r.band}|${r.sex}`;
        counts.set(key, (counts.get(key) ?? 0) + r.n);
      }
      return indicatorTableAnswer((id, band, sex) => counts.get(`row:${id}|${band}|${sex}`) ?? 0);
    },

    async fxys(q, user, f) {
      const rows = await sums(
        q,
        user,
        f,
        [f.year],
        ABNORMALITY_TYPES.map((a) => `flag:${a.key}`),
      );
      return factorAnswer((key) => total(rows, `flag:${key}`));
    },

    async fxrq(q, user, f) {
      const rows = await sums(
        q,
        user,
        f,
        [f.year],
        RISK_LEVELS.map((l) => `risk:${l}`),
      );
      return riskAnswer((level) => total(rows, `risk:${level}`));
    },
  };
}
