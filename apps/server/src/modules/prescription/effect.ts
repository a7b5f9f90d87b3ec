import {
  betterDirection,
  type EffectIndicator,
  type EffectSummaryRow,
  INDICATOR_BY_CODE,
  type PrescriptionEffect,
  type PrescriptionKind,
} from '@peis/shared';
import type { Queryable } from '../../db/client';
import { unitScopeSql, unitSubtreeSql } from '../../lib/scope';
import type { SessionUser } from '../../plugins/auth';

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** The change of one indicator, rounded to its decimals; improved as EffectIndicator says. */
export function indicatorChange(code: string, before: number | null, after: number | null): EffectIndicator {
  const def = INDICATOR_BY_CODE[code];
  const better = betterDirection(code);
  const scale = 10 ** (def?.decimals ?? 2);
  const change = before === null || after === null ? null : Math.round((after - before) * scale) / scale;
  return {
    code,
    name: def?.name ?? code,
    unit: def?.unit ?? '',
    before,
    after,
    change,
    better,
    improved: change === null ? null : better === 'down' ? change < 0 : change > 0,
  };
}

/**
 * The effect of one prescription (already read within the account's scope): the baseline is the check it was
 * generated from, `after` the person's first check dated after the day it was issued (none before issue);
 * each targeted indicator before → after; the person's trend of those indicators over all their checks.
 */
export async function prescriptionEffect(
  q: Queryable,
  kind: PrescriptionKind,
  record: Record<string, unknown>,
): Promise<PrescriptionEffect> {
  const employeeId = Number(record.employeeId);
  const targets = (record.targets as string[] | null) ?? [];
  const { rows } = await q.query<{ id: number; date: string; values: Record<string, unknown>; issued: string | null }>(
    `SELECT c.id, to_char(c.check_date, 'YYYY-MM-DD') AS date, c."values",
            to_char(p.issued_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS issued
       FROM health_checks c, (SELECT issued_at FROM ${kind}_prescriptions WHERE id = $2) p
      WHERE c.employee_id = $1 AND c.deleted_at IS NULL ORDER BY c.check_date`,
    [employeeId, record.id],
  );
  const issued = rows[0]?.issued ?? null;
  const checkId = record.checkId == null ? null : Number(record.checkId);
  const base = rows.find((r) => Number(r.id) === checkId) ?? null;
  const after = issued ? (rows.find((r) => r.date > issued) ?? null) : null;
  return {
    baseline: base ? { checkId: Number(base.id), date: base.date } : null,
    after: after ? { checkId: Number(after.id), date: after.date } : null,
    indicators: targets.map((code) =>
      indicatorChange(code, num(base?.values[code]), after ? num(after.values[code]) : null),
    ),
    trend: rows.map((r) => ({
      date: r.date,
      values: Object.fromEntries(
        targets.flatMap((code) => {
          const v = num(r.values[code]);
          return v === null ? [] : [[code, v]];
        }),
      ),
    })),
  };
}

export const EFFECT_DEFINITION =
  '统计所选年度内开具（已开具、执行中、已完成）的处方。有复查体检：开具日之后本人有体检。改善：以生成处方所依据的体检为基线，与开具后第一次体检相比，处方干预指标中向好的方向变化的项数多于变差的项数（高密度脂蛋白胆固醇升高为好，其余指标降低为好；不变的指标不计）。改善率 = 改善人数 ÷ 有复查体检人数。';

/**
 * Per unit (the person's own unit), within the account's scope and an optional unit subtree and year of issue:
 * prescriptions issued, those with a check after issue, and those whose targeted indicators improved
 * (EFFECT_DEFINITION). One set-based query.
 */
export async function effectSummary(
  q: Queryable,
  user: SessionUser,
  f: { kind: PrescriptionKind; year?: number; unitId?: number },
): Promise<EffectSummaryRow[]> {
  const params: unknown[] = [];
  const where = ['t.deleted_at IS NULL', 't.status IN (2, 3, 4)', 't.issued_at IS NOT NULL'];
  where.push(unitScopeSql(user, 'e.unit_id', params));
  if (f.unitId) where.push(unitSubtreeSql('e.unit_id', f.unitId, params));
  if (f.year) {
    params.push(f.year);
    where.push(`extract(year FROM t.issued_at AT TIME ZONE 'Asia/Shanghai') = $${params.length}`);
  }
  const table = f.kind === 'fitness' ? 'fitness_prescriptions' : 'diet_prescriptions';
  const { rows } = await q.query<{
    unit_id: number;
    unit_name: string;
    issued: number;
    with_next: number;
    improved: number;
  }>(
    `WITH p AS (
       SELECT e.unit_id, t.targets, b."values" AS bv, a.id AS after_id, a."values" AS av
         FROM ${table} t
         JOIN employees e ON e.id = t.employee_id
         LEFT JOIN health_checks b ON b.id = t.check_id
         LEFT JOIN LATERAL (
           SELECT c.id, c."values" FROM health_checks c
            WHERE c.employee_id = t.employee_id AND c.deleted_at IS NULL
              AND c.check_date > (t.issued_at AT TIME ZONE 'Asia/Shanghai')::date
            ORDER BY c.check_date LIMIT 1) a ON true
        WHERE ${where.join(' AND ')}
     ), s AS (
       SELECT p.unit_id, p.after_id,
              (SELECT coalesce(sum(d), 0) FROM (
                 SELECT (CASE WHEN code = 'HDLC' THEN 1 ELSE -1 END)
                        * sign((p.av->>code)::numeric - (p.bv->>code)::numeric) AS d
                   FROM jsonb_array_elements_text(p.targets) code
                  WHERE jsonb_typeof(p.av->code) = 'number' AND jsonb_typeof(p.bv->code) = 'number') x) AS net
         FROM p
     )
     SELECT s.unit_id, u.short_name AS unit_name, count(*)::int AS issued, count(s.after_id)::int AS with_next,
            count(*) FILTER (WHERE s.after_id IS NOT NULL AND s.net > 0)::int AS improved
       FROM s JOIN units u ON u.id = s.unit_id
      GROUP BY s.unit_id, u.short_name, u.path ORDER BY u.path`,
    params,
  );
  return rows.map((r) => ({
    unitId: Number(r.unit_id),
    unitName: r.unit_name,
    issued: r.issued,
    withNextCheck: r.with_next,
    improved: r.improved,
    rate: r.with_next ? Math.round((1000 * r.improved) / r.with_next) / 10 : null,
  }));
}
