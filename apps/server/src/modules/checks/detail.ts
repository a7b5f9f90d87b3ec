import { type HealthCheckRow, maskIdCard } from '@peis/shared';
import type { Queryable } from '../../db/client';
import { notFound } from '../../lib/errors';
import { employeeScopeSql } from '../../lib/scope';
import { can, type SessionUser } from '../../plugins/auth';
import { LIST_FROM, LIST_SELECT, listRecord } from './sql';

const ageAt = (birthday: string, day: string) => {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
};

interface BandRow {
  code: string;
  name: string;
  unit: string | null;
  sex: number;
  age_min: number;
  age_max: number;
  ref_low: number | string | null;
  ref_high: number | string | null;
  plausible_min: number | string;
  plausible_max: number | string;
  decimals: number;
  sort_order: number;
  fits: boolean;
}
const num = (v: number | string | null) => (v === null ? null : Number(v));

/** The indicators of a check as shown: each value with its band for the person, high/low against it. */
function indicatorsOf(values: Record<string, number>, codes: string[], bands: BandRow[]) {
  const byCode = new Map(bands.map((b) => [b.code, b]));
  return codes
    .filter((c) => byCode.has(c))
    .map((c) => byCode.get(c)!)
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((b) => {
      const v = values[b.code];
      // No band for this person's sex and age: no reference range rather than another band's.
      const low = b.fits ? num(b.ref_low) : null;
      const high = b.fits ? num(b.ref_high) : null;
      return {
        code: b.code,
        name: b.name,
        unit: b.unit,
        refLow: low,
        refHigh: high,
        plausibleMin: Number(b.plausible_min),
        plausibleMax: Number(b.plausible_max),
        decimals: b.decimals,
        value: v,
        flag: high !== null && v > high ? 'high' : low !== null && v < low ? 'low' : null,
      };
    });
}

/** One check with its person, the indicator definitions for that person's sex and age, and its findings. */
export async function checkDetail(q: Queryable, user: SessionUser, id: number) {
  const params: unknown[] = [id];
  const { rows } = await q.query<
    HealthCheckRow & {
      birthday: string;
      unitId: number;
      createdAt: string;
      updatedAt: string;
      employeeDeleted: boolean;
    }
  >(
    `SELECT ${LIST_SELECT}, to_char(e.birthday, 'YYYY-MM-DD') AS birthday, e.unit_id AS "unitId",
            to_char(c.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt",
            to_char(c.updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "updatedAt"
       FROM ${LIST_FROM} WHERE c.id = $1 AND c.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}`,
    params,
  );
  const row = rows[0];
  // Out of scope answers as absent, like every person-scoped record (the declared list's reads).
  if (!row) throw notFound('体检记录不存在');
  const age = ageAt(row.birthday, row.checkDate);
  const codes = Object.keys(row.values);
  // The band of each indicator for this person: their sex before "both", the narrowest age band.
  const { rows: bands } = await q.query<BandRow>(
    `SELECT DISTINCT ON (code) code, name, unit, sex, age_min, age_max, ref_low, ref_high, plausible_min, plausible_max,
            decimals, sort_order, ((sex = 0 OR sex = $2) AND $3 BETWEEN age_min AND age_max) AS fits
       FROM indicators
      WHERE code = ANY($1) AND deleted_at IS NULL
      ORDER BY code, enabled DESC, fits DESC, sex DESC, age_min DESC, id`,
    [codes, row.sex, age],
  );
  const { rows: findings } = await q.query(
    `SELECT f.id, f.rule_id AS "ruleId", r.names, r.names AS "ruleName", r.library_name AS "libraryName", f.level, f.matched, f.status,
            to_char(f.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
       FROM positive_findings f JOIN positive_rules r ON r.id = f.rule_id
      WHERE f.check_id = $1 ORDER BY f.level DESC, f.id`,
    [id],
  );
  const { birthday: _b, ...rest } = row;
  return {
    ...listRecord(rest as HealthCheckRow),
    idCard: can(user, 'phr:view') ? row.idCard : maskIdCard(row.idCard),
    age,
    unitId: Number(row.unitId),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    indicators: indicatorsOf(row.values, codes, bands),
    findings: findings.map((f) => ({ ...f, id: Number(f.id), ruleId: Number(f.ruleId) })),
  };
}
