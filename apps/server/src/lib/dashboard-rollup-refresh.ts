import { ABNORMALITY_TYPES, COMPLETION_INDICATORS, INDICATOR_TABLE_ROWS, RISK_LEVELS } from '@peis/shared';
import type { Db, Queryable } from '../db/client';

/** Age band on the check day (SPEC §9: ≤34, 35–44, ≥45). */
export const BAND_SQL = `(SELECT CASE WHEN a < 35 THEN 'lte_34' WHEN a < 45 THEN 'gte_35_44' ELSE 'gte_45' END
                      FROM (SELECT extract(year FROM age(c.check_date, e.birthday))::int AS a) ages)`;

/**
 * Per-unit rollups of the company dashboard (migration 006): unit × year × metric × age band × sex.
 * Triggers on the source tables append the unit-years a write touched to rollup_marks; refreshRollups
 * recomputes those unit-years from the raw tables. A dashboard call refreshes first when marks are waiting,
 * so it always answers what the raw tables hold, and then sums a few hundred rollup rows.
 */

/** Serialises refreshes (two recomputing the same unit-year would collide on the primary key). */
const REFRESH_LOCK = 724502;
/** Marks handled per round: the ids go back to the database as one array. */
const MARKS_PER_ROUND = 50_000;

interface RollupRow {
  unit_id: number;
  year: number;
  metric: string;
  band: string;
  sex: number;
  n: number;
}

/** Recomputes every rollup row of the given units × years from the raw tables. */
async function recompute(q: Queryable, units: number[], years: number[]): Promise<void> {
  await q.query('DELETE FROM dashboard_rollups WHERE unit_id = ANY($1::int[]) AND year = ANY($2::smallint[])', [
    units,
    years,
  ]);
  const out: RollupRow[] = [];
  const keep = (unit: number, year: number, metric: string, n: number, band = '', sex = 0) => {
    if (n > 0) out.push({ unit_id: Number(unit), year: Number(year), metric, band, sex: Number(sex), n: Number(n) });
  };
  const params = [units, years];

  // Tags: abnormal groups, their completed management, risk levels.
  const tagCols = [
    ...ABNORMALITY_TYPES.map((a) => `count(*) FILTER (WHERE t.${a.key} > 0)::int AS "flag:${a.key}"`),
    ...COMPLETION_INDICATORS.map(
      (i) =>
        `count(*) FILTER (WHERE t.${i.abnormality} > 0 AND d.libs @> ARRAY['${i.library}']::text[])::int AS "done:${i.abnormality}"`,
    ),
    ...RISK_LEVELS.map((level) => `count(*) FILTER (WHERE t.risk_level = '${level}')::int AS "risk:${level}"`),
  ];
  const { rows: tagRows } = await q.query<Record<string, number>>(
    `SELECT e.unit_id, t.year, ${tagCols.join(', ')}
       FROM person_tags t JOIN employees e ON e.id = t.employee_id AND e.deleted_at IS NULL
       LEFT JOIN (SELECT pt.employee_id, f.year, array_agg(DISTINCT r.library_name) AS libs
                    FROM positive_tasks pt JOIN positive_findings f ON f.id = pt.finding_id
                    JOIN positive_rules r ON r.id = f.rule_id
                   WHERE pt.status = 3 GROUP BY pt.employee_id, f.year) d
         ON d.employee_id = t.employee_id AND d.year = t.year
      WHERE e.unit_id = ANY($1::int[]) AND t.year = ANY($2::smallint[])
      GROUP BY e.unit_id, t.year`,
    params,
  );
  for (const row of tagRows) {
    for (const [metric, n] of Object.entries(row)) {
      if (metric !== 'unit_id' && metric !== 'year') keep(row.unit_id, row.year, metric, n);
    }
  }

  // Checks: the indicator-table rows per age band and sex.
  const rowCols = INDICATOR_TABLE_ROWS.map((r) => `count(*) FILTER (WHERE ${r.sql})::int AS "row:${r.id}"`);
  const { rows: checkRows } = await q.query<Record<string, number> & { band: string }>(
    `SELECT e.unit_id, c.year, b.band, e.sex, ${rowCols.join(', ')}
       FROM health_checks c JOIN employees e ON e.id = c.employee_id AND e.deleted_at IS NULL, LATERAL ${BAND_SQL} b(band)
      WHERE c.deleted_at IS NULL AND e.unit_id = ANY($1::int[]) AND c.year = ANY($2::smallint[])
      GROUP BY e.unit_id, c.year, b.band, e.sex`,
    params,
  );
  for (const row of checkRows) {
    for (const r of INDICATOR_TABLE_ROWS) {
      const metric = `row:${r.id}`;
      keep(row.unit_id, row.year, metric, row[metric], row.band, row.sex);
    }
  }

  // Service contracts per package level, and the completed ones.
  const { rows: contractRows } = await q.query<{
    unit_id: number;
    year: number;
    level: number;
    n: number;
    done: number;
  }>(
    `SELECT e.unit_id, s.year, s.level, count(*)::int AS n, count(*) FILTER (WHERE s.status = 2)::int AS done
       FROM service_contracts s JOIN employees e ON e.id = s.employee_id AND e.deleted_at IS NULL
      WHERE e.unit_id = ANY($1::int[]) AND s.year = ANY($2::smallint[])
      GROUP BY e.unit_id, s.year, s.level`,
    params,
  );
  for (const row of contractRows) {
    keep(row.unit_id, row.year, `pkg:${row.level}`, row.n);
    keep(row.unit_id, row.year, `pkgDone:${row.level}`, row.done);
  }

  if (!out.length) return;
  await q.query(
    `INSERT INTO dashboard_rollups (unit_id, year, metric, band, sex, n)
     SELECT * FROM unnest($1::int[], $2::smallint[], $3::text[], $4::text[], $5::smallint[], $6::int[])`,
    [
      out.map((r) => r.unit_id),
      out.map((r) => r.year),
      out.map((r) => r.metric),
      out.map((r) => r.band),
      out.map((r) => r.sex),
      out.map((r) => r.n),
    ],
  );
}

/**
 * Brings the rollups up to date: recomputes the unit-years marked since the last refresh and deletes
 * exactly the marks it read (a mark committed meanwhile stays for the next refresh). Returns the number of
 * marks handled.
 */
export async function refreshRollups(db: Db): Promise<number> {
  let handled = 0;
  for (;;) {
    const n = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [REFRESH_LOCK]);
      const { rows } = await q.query<{ id: number; unit_id: number; year: number }>(
        'SELECT id, unit_id, year FROM rollup_marks ORDER BY id LIMIT $1',
        [MARKS_PER_ROUND],
      );
      if (!rows.length) return 0;
      // Units × years of the marks: a superset of the marked pairs, recomputed whole, is still exact.
      const units = [...new Set(rows.map((r) => Number(r.unit_id)))];
      const years = [...new Set(rows.map((r) => Number(r.year)))];
      await recompute(q, units, years);
      await q.query('DELETE FROM rollup_marks WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
      return rows.length;
    });
    handled += n;
    if (n < MARKS_PER_ROUND) return handled;
  }
}

/** Recomputes every rollup from scratch (tests compare it with what the marks kept up to date). */
export async function rebuildRollups(db: Db): Promise<void> {
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [REFRESH_LOCK]);
    await q.query('DELETE FROM dashboard_rollups');
    await q.query('DELETE FROM rollup_marks');
    const { rows } = await q.query<{ unit_id: number; year: number }>(
      `SELECT DISTINCT e.unit_id, x.year
         FROM (SELECT employee_id, year FROM health_checks UNION SELECT employee_id, year FROM person_tags
               UNION SELECT employee_id, year FROM service_contracts) x
         JOIN employees e ON e.id = x.employee_id`,
    );
    if (rows.length) {
      await recompute(
        q,
        [...new Set(rows.map((r) => Number(r.unit_id)))],
        [...new Set(rows.map((r) => Number(r.year)))],
      );
    }
  });
}
