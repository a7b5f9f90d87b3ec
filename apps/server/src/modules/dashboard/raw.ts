import { ABNORMAL_FACTORS, HEALTH_PACKAGE_TITLE, INDICATOR_TABLE_ROWS } from '@peis/shared';
import type { Queryable } from '../../db/client';
import { BAND_SQL } from '../../lib/dashboard-rollup-refresh';
import { employeeFilterSql, type UnitFilter } from '../../lib/unit-filter';
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

/**
 * The company-dashboard aggregates as hand-written SQL over the raw tables (person_tags, health_checks,
 * positive_tasks, service_contracts): the reference the rollups are tested against and benchmarked beside.
 * The calls themselves answer from the rollups (rollups.ts).
 */

/**
 * People flagged with an abnormality in a year, with whether their management is done: a completed
 * positive task on a finding of that year whose rule belongs to the indicator's library.
 */
const flaggedSql = (abnormality: string, yearParam: string, libraryParam: string) => `
  SELECT t.employee_id, e.unit_id,
         EXISTS (SELECT 1 FROM positive_tasks pt JOIN positive_findings f ON f.id = pt.finding_id
                   JOIN positive_rules r ON r.id = f.rule_id
                  WHERE pt.employee_id = t.employee_id AND pt.status = 3 AND f.year = t.year AND r.library_name = ${libraryParam}) AS done
    FROM person_tags t JOIN employees e ON e.id = t.employee_id
   WHERE t.year = ${yearParam} AND t.${abnormality} > 0`;

type Filtered<T> = UnitFilter & T;

export const rawDashboard = {
  async wanchengdu(q: Queryable, user: SessionUser, f: Filtered<{ indicator: string; year: number }>) {
    const ind = indicatorByKey(f.indicator);
    const params: unknown[] = [f.year, ind.library];
    const scope = await employeeFilterSql(q, user, f, params);
    const { rows } = await q.query<{ done: number; todo: number }>(
      `SELECT count(*) FILTER (WHERE x.done)::int AS done, count(*) FILTER (WHERE NOT x.done)::int AS todo
         FROM (${flaggedSql(ind.abnormality, '$1', '$2')} AND ${scope}) x`,
      params,
    );
    return ringAnswer(rows[0].done, rows[0].todo);
  },

  async jiankangzhibiao(
    q: Queryable,
    user: SessionUser,
    f: Filtered<{ target: string; year: number }>,
  ): Promise<ProgressRow[] | PackageRow[]> {
    const params: unknown[] = [f.year];
    if (f.target === HEALTH_PACKAGE_TITLE) {
      const scope = await employeeFilterSql(q, user, f, params);
      const { rows } = await q.query<PackageRow>(
        `SELECT u.short_name AS "entOrgNameTwo", s.level::int AS coverage_level, count(*)::int AS total,
                count(*) FILTER (WHERE s.status = 2)::int AS "status2Total"
           FROM service_contracts s JOIN employees e ON e.id = s.employee_id JOIN units u ON u.id = e.unit_id
          WHERE s.year = $1 AND ${scope}
          GROUP BY u.id, u.short_name, u.sort_order, s.level ORDER BY u.sort_order, u.id, s.level`,
        params,
      );
      return rows;
    }
    const ind = indicatorByTitle(f.target);
    params.push(ind.library);
    const scope = await employeeFilterSql(q, user, f, params);
    const { rows } = await q.query<ProgressRow>(
      `SELECT u.short_name AS "entOrgNameTwo", count(*)::int AS total, count(*) FILTER (WHERE x.done)::int AS "status2Total"
         FROM (${flaggedSql(ind.abnormality, '$1', '$2')} AND ${scope}) x JOIN units u ON u.id = x.unit_id
        GROUP BY u.id, u.short_name, u.sort_order ORDER BY u.sort_order, u.id`,
      params,
    );
    return rows;
  },

  async zhibiaoxiajianglv(q: Queryable, user: SessionUser, f: Filtered<{ target: string }>) {
    const ind = indicatorByTitle(f.target);
    const params: unknown[] = [];
    const scope = await employeeFilterSql(q, user, f, params);
    const { rows } = await q.query<{ shortName: string; count2024: number; count2025: number }>(
      `SELECT u.short_name AS "shortName", count(*) FILTER (WHERE t.year = 2024)::int AS count2024,
              count(*) FILTER (WHERE t.year = 2025)::int AS count2025
         FROM person_tags t JOIN employees e ON e.id = t.employee_id JOIN units u ON u.id = e.unit_id
        WHERE t.year IN (2024, 2025) AND t.${ind.abnormality} > 0 AND ${scope}
        GROUP BY u.short_name`,
      params,
    );
    return declineAnswer(rows, f);
  },

  async ygjkzb(q: Queryable, user: SessionUser, f: Filtered<{ year: number }>) {
    const params: unknown[] = [f.year];
    const scope = await employeeFilterSql(q, user, f, params);
    const cols = INDICATOR_TABLE_ROWS.map((row) => `count(*) FILTER (WHERE ${row.sql})::int AS r${row.id}`).join(', ');
    const { rows } = await q.query<Record<string, number> & { band: string; sex: number }>(
      `SELECT b.band, e.sex, ${cols}
         FROM health_checks c JOIN employees e ON e.id = c.employee_id, LATERAL ${BAND_SQL} b(band)
        WHERE c.year = $1 AND c.deleted_at IS NULL AND ${scope}
        GROUP BY b.band, e.sex`,
      params,
    );
    return indicatorTableAnswer((id, band, sex) => rows.find((x) => x.band === band && x.sex === sex)?.[`r${id}`] ?? 0);
  },

  async fxys(q: Queryable, user: SessionUser, f: Filtered<{ year: number }>) {
    const params: unknown[] = [f.year];
    const scope = await employeeFilterSql(q, user, f, params);
    const cols = ABNORMAL_FACTORS.map((x) => `count(*) FILTER (WHERE t.${x.key} > 0)::int AS ${x.key}`).join(', ');
    const { rows } = await q.query<Record<string, number>>(
      `SELECT ${cols} FROM person_tags t JOIN employees e ON e.id = t.employee_id WHERE t.year = $1 AND ${scope}`,
      params,
    );
    return factorAnswer((key) => rows[0][key]);
  },

  async fxrq(q: Queryable, user: SessionUser, f: Filtered<{ year: number }>) {
    const params: unknown[] = [f.year];
    const scope = await employeeFilterSql(q, user, f, params);
    const { rows } = await q.query<{ risk_level: string; n: number }>(
      `SELECT t.risk_level, count(*)::int AS n FROM person_tags t JOIN employees e ON e.id = t.employee_id
        WHERE t.year = $1 AND ${scope} GROUP BY t.risk_level`,
      params,
    );
    return riskAnswer((level) => rows.find((x) => x.risk_level === level)?.n ?? 0);
  },
};

export type DashboardQueries = typeof rawDashboard;
