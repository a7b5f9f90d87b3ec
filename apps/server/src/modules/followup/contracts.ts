import type { Queryable } from '../../db/client';

/**
 * Creates the year's service packages (未签约) for everyone with grouping tags that year and no package yet,
 * at the level the configurable risk mapping gives (`contract.levelByRisk`; level 1 when unmapped).
 * `scope` limits the employees (an SQL condition on `t.employee_id` with its parameters after the first two).
 */
export async function generateContracts(
  q: Queryable,
  year: number,
  scope: (params: unknown[]) => string = () => 'TRUE',
): Promise<number> {
  const { rows: m } = await q.query<{ value: Record<string, number> }>(
    "SELECT value FROM app_settings WHERE key = 'contract.levelByRisk'",
  );
  const params: unknown[] = [year, JSON.stringify(m[0]?.value ?? {})];
  const res = await q.query(
    `INSERT INTO service_contracts (employee_id, year, level)
     SELECT t.employee_id, t.year, coalesce(($2::jsonb ->> t.risk_level)::int, 1) FROM person_tags t
      WHERE t.year = $1 AND ${scope(params)}
     ON CONFLICT (employee_id, year) DO NOTHING`,
    params,
  );
  return res.rowCount ?? 0;
}
