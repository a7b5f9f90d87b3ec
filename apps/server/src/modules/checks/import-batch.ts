import type { RefusedRow } from '../../crud/xlsx';
import type { Queryable } from '../../db/client';
import { evaluateChecks, type loadRules } from '../../lib/rule-evaluation';
import { employeeScopeSql } from '../../lib/scope';
import type { SessionUser } from '../../plugins/auth';
import { FIXED_COLUMNS, type PendingRow } from './import-sheet';
import { canonicalValues, type IndicatorSpec, withBmi } from './indicators';

interface ExistingRow {
  id: number;
  employee_id: number;
  check_date: string;
  provider: string | null;
  values: Record<string, number>;
  version: number;
}

/**
 * Writes one batch in its transaction: the people looked up by ID number in one query (in scope), the
 * stored checks of the same person-dates in one query, then inserts and updates in one statement each,
 * and the positive rules run on every check written.
 */
export async function writeBatch(
  q: Queryable,
  user: SessionUser,
  defs: Map<string, IndicatorSpec>,
  rules: Awaited<ReturnType<typeof loadRules>>,
  rows: PendingRow[],
  canEdit: boolean,
): Promise<{
  created: number;
  updated: number;
  unchanged: number;
  findings: number;
  evaluateMs: number;
  refused: RefusedRow[];
}> {
  const out = { created: 0, updated: 0, unchanged: 0, findings: 0, evaluateMs: 0, refused: [] as RefusedRow[] };
  const cards = [...new Set(rows.map((r) => r.idCard).filter(Boolean))];
  const params: unknown[] = [cards];
  const { rows: people } = await q.query<{ id: number; id_card: string; name: string }>(
    `SELECT e.id, e.id_card, e.name FROM employees e
      WHERE e.id_card = ANY($1) AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}`,
    params,
  );
  const byCard = new Map(people.map((p) => [p.id_card, { id: Number(p.id), name: p.name }]));

  const good: (PendingRow & { employeeId: number })[] = [];
  for (const r of rows) {
    const identity: RefusedRow[] = [];
    const person = r.idCard ? byCard.get(r.idCard) : undefined;
    if (r.idCard && !person) {
      identity.push({
        row: r.row,
        column: FIXED_COLUMNS.idCard,
        value: r.idCardCell,
        // Not found and out of scope read the same: the import must not reveal who exists elsewhere.
        reason: '身份证号不存在或不在账号的单位范围内',
        person: r.person,
      });
    } else if (person && r.name && r.name !== person.name.replace(/\s+/g, '')) {
      identity.push({
        row: r.row,
        column: FIXED_COLUMNS.name,
        value: r.nameCell,
        reason: '姓名与身份证号不符',
        person: r.person,
      });
    }
    const problems = [...identity, ...r.problems];
    if (problems.length) out.refused.push(...problems);
    else good.push({ ...r, employeeId: person!.id });
  }
  if (!good.length) return out;

  // Insert first: in a new year's file nearly every row is new, and the conflicts name the rest.
  const written: number[] = [];
  const { rows: made } = await q.query<{ id: number; employee_id: number; check_date: string }>(
    `INSERT INTO health_checks (employee_id, check_date, year, provider, "values")
     SELECT k.employee_id, k.check_date, extract(year FROM k.check_date)::smallint, k.provider, k.vals::jsonb
       FROM unnest($1::bigint[], $2::date[], $3::text[], $4::text[]) AS k(employee_id, check_date, provider, vals)
     ON CONFLICT (employee_id, check_date) WHERE deleted_at IS NULL DO NOTHING
     RETURNING id, employee_id, to_char(check_date, 'YYYY-MM-DD') AS check_date`,
    [
      good.map((g) => g.employeeId),
      good.map((g) => g.checkDate),
      good.map((g) => g.provider),
      good.map((g) => JSON.stringify(g.values)),
    ],
  );
  const madeKeys = new Set(made.map((m) => `${m.employee_id}|${m.check_date}`));
  for (const m of made) written.push(Number(m.id));
  out.created += made.length;
  const rest = good.filter((g) => !madeKeys.has(`${g.employeeId}|${g.checkDate}`));

  const updates: {
    row: PendingRow;
    id: number;
    version: number;
    values: Record<string, number>;
    provider: string | null;
  }[] = [];
  if (rest.length) {
    const { rows: existing } = await q.query<ExistingRow>(
      `SELECT c.id, c.employee_id, to_char(c.check_date, 'YYYY-MM-DD') AS check_date, c.provider, c."values", c.version
         FROM health_checks c
         JOIN unnest($1::bigint[], $2::date[]) AS k(employee_id, check_date)
           ON c.employee_id = k.employee_id AND c.check_date = k.check_date
        WHERE c.deleted_at IS NULL`,
      [rest.map((g) => g.employeeId), rest.map((g) => g.checkDate)],
    );
    const stored = new Map(existing.map((e) => [`${e.employee_id}|${e.check_date}`, e]));
    for (const g of rest) {
      const e = stored.get(`${g.employeeId}|${g.checkDate}`);
      if (!e) {
        // Only a concurrent change of the same person-date can get here.
        out.refused.push({
          row: g.row,
          column: FIXED_COLUMNS.checkDate,
          value: g.checkDate,
          reason: '该员工当日已有体检记录',
          person: g.person,
        });
        continue;
      }
      const values = { ...e.values, ...g.values };
      const bmiProblem = withBmi(defs, values);
      if (bmiProblem) {
        const src = g.source.get('WEIGHT') ?? g.source.get('HEIGHT');
        out.refused.push({
          row: g.row,
          column: src?.header ?? 'BMI',
          value: src?.value ?? '',
          reason: bmiProblem.message,
          person: g.person,
        });
        continue;
      }
      const provider = g.provider ?? e.provider;
      if (canonicalValues(values) === canonicalValues(e.values) && provider === e.provider) {
        out.unchanged++;
        continue;
      }
      if (!canEdit) {
        out.refused.push({
          row: g.row,
          column: '',
          value: '',
          reason: '记录已存在，且没有修改权限',
          person: g.person,
        });
        continue;
      }
      updates.push({ row: g, id: Number(e.id), version: e.version, values, provider });
    }
  }
  if (updates.length) {
    const { rows: changed } = await q.query<{ id: number }>(
      `UPDATE health_checks c SET "values" = k.vals::jsonb, provider = k.provider, version = c.version + 1, updated_at = now()
         FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[]) AS k(id, version, provider, vals)
        WHERE c.id = k.id AND c.version = k.version AND c.deleted_at IS NULL
       RETURNING c.id`,
      [
        updates.map((u) => u.id),
        updates.map((u) => u.version),
        updates.map((u) => u.provider),
        updates.map((u) => JSON.stringify(u.values)),
      ],
    );
    const done = new Set(changed.map((c) => Number(c.id)));
    for (const u of updates) {
      if (done.has(u.id)) {
        written.push(u.id);
        out.updated++;
      } else {
        out.refused.push({
          row: u.row.row,
          column: '',
          value: '',
          reason: '数据已被他人修改，请刷新后重试',
          person: u.row.person,
        });
      }
    }
  }
  if (written.length) {
    const t = Date.now();
    out.findings = (await evaluateChecks(q, written, { rules })).findings;
    out.evaluateMs = Date.now() - t;
  }
  return out;
}
