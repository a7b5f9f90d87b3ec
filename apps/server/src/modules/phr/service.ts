import {
  ageOn,
  deriveRecord,
  environmentSchema,
  familyHistorySchema,
  healthInfoSchema,
  idCardInfo,
  lifeInfoSchema,
  missingSections,
  otherSchema,
  type PhrForm,
  type PhrRecord,
  pastHistorySchema,
  phrPathLabel,
} from '@peis/shared';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import { employeeScopeSql, unitInScope } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { can, type SessionUser } from '../../plugins/auth';

/** Empty sections of a record not yet filled in: what the schema makes of nothing. */
export function emptySections(): Omit<PhrRecord, 'patientInfo'> {
  return {
    healthInfo: healthInfoSchema.parse({}),
    pastHistory: pastHistorySchema.parse({}),
    other: otherSchema.parse({}),
    familyHistory: familyHistorySchema.parse({}),
    lifeInfo: lifeInfoSchema.parse({}),
    environment: environmentSchema.parse({}),
  };
}

/** JSON with object keys sorted: jsonb reorders keys, so plain JSON.stringify would see false changes. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** Dotted paths of the leaf values that differ between two records. */
export function changedPaths(before: unknown, after: unknown, prefix = ''): string[] {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObj(before) && isObj(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((k) => changedPaths(before[k], after[k], prefix ? `${prefix}.${k}` : k));
  }
  return stableJson(before) === stableJson(after) ? [] : [prefix || '*'];
}

interface EmployeeRow {
  id: number;
  unit_id: number;
  unit_path: string;
  name: string;
  id_card: string;
  version: number | null;
  record: PhrRecord | null;
}

async function employeeForRecord(q: Queryable, user: SessionUser, id: number, lock = false): Promise<EmployeeRow> {
  const { rows } = await q.query<Omit<EmployeeRow, 'version' | 'record'>>(
    `SELECT e.id, e.unit_id, u.path AS unit_path, e.name, e.id_card
       FROM employees e JOIN units u ON u.id = e.unit_id
      WHERE e.id = $1 AND e.deleted_at IS NULL${lock ? ' FOR UPDATE OF e' : ''}`,
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound('档案不存在');
  const params: unknown[] = [id];
  const { rows: inScope } = await q.query(`SELECT 1 WHERE ${employeeScopeSql(user, '$1::bigint', params)}`, params);
  if (!inScope[0]) throw forbidden('无权访问该档案');
  // Read after the lock, in its own statement: on PostgreSQL a statement that waited for the lock still sees
  // the joined rows of its own snapshot, so a record saved by the transaction it waited for would look absent.
  const { rows: rec } = await q.query<Pick<EmployeeRow, 'version' | 'record'>>(
    'SELECT version, record FROM health_records WHERE employee_id = $1',
    [id],
  );
  return { ...row, version: rec[0]?.version ?? null, record: rec[0]?.record ?? null };
}

/**
 * Saves a whole record from POST /phr/form: a new record (and its employee, unless one with the ID number
 * exists in scope without a record) or a new version of an existing one. The ID number is fixed once
 * recorded; sex, birthday, age and BMI are derived. Every save keeps the version and an audit entry.
 */
export async function saveRecord(q: Queryable, req: FastifyRequest, user: SessionUser, form: PhrForm) {
  const { id, unitId, version, type, ...rest } = form;
  let employeeId: number;
  let before: PhrRecord | null = null;
  let nextVersion = 1;

  if (id !== undefined) {
    if (!can(user, 'phr:edit')) throw forbidden();
    const emp = await employeeForRecord(q, user, id, true);
    if (emp.id_card !== rest.patientInfo.idCard) throw fieldError('patientInfo.idCard', '身份证号建档后不能修改');
    // A save without a version was made on a record that did not exist yet: stale once one does.
    if (emp.version !== null && emp.version !== version) throw conflict();
    if (emp.version === null && version !== undefined && version !== 1) throw conflict();
    employeeId = emp.id;
    before = emp.record;
    nextVersion = (emp.version ?? 0) + 1;
  } else {
    if (!can(user, 'phr:add')) throw forbidden();
    const { rows: unit } = await q.query<{ path: string }>(
      'SELECT path FROM units WHERE id = $1 AND deleted_at IS NULL',
      [unitId],
    );
    if (!unit[0]) throw fieldError('unitId', '单位不存在');
    if (!unitInScope(user, unit[0].path)) throw forbidden('不能在账号单位范围以外建档');
    const { rows: existing } = await q.query<{ id: number; has_record: boolean }>(
      `SELECT e.id, r.employee_id IS NOT NULL AS has_record FROM employees e
         LEFT JOIN health_records r ON r.employee_id = e.id WHERE e.id_card = $1 AND e.deleted_at IS NULL`,
      [rest.patientInfo.idCard],
    );
    if (existing[0]?.has_record) throw fieldError('patientInfo.idCard', '该身份证号已建档');
    if (existing[0]) {
      const emp = await employeeForRecord(q, user, Number(existing[0].id), true);
      // Recorded by a concurrent save while this one waited for the lock.
      if (emp.version !== null) throw conflict();
      employeeId = Number(existing[0].id);
    } else {
      const info = idCardInfo(rest.patientInfo.idCard);
      // A concurrent first save of the same ID number inserts first: this one is then stale (409), not a 500.
      const { rows } = await q.query<{ id: number }>(
        `INSERT INTO employees (unit_id, name, id_card, sex, birthday, mobile) VALUES ($1, $2, $3, $4, $5::date, $6)
         ON CONFLICT (id_card) WHERE deleted_at IS NULL DO NOTHING RETURNING id`,
        [
          unitId,
          rest.patientInfo.name,
          rest.patientInfo.idCard,
          info.sex,
          info.birthday,
          rest.patientInfo.mobile ?? null,
        ],
      );
      if (!rows[0]) throw conflict();
      employeeId = Number(rows[0].id);
    }
  }

  const info = idCardInfo(rest.patientInfo.idCard);
  const record = deriveRecord(rest, info, ageOn(info.birthday));
  const { rows: unitName } = await q.query<{ name: string }>(
    'SELECT u.name FROM employees e JOIN units u ON u.id = e.unit_id WHERE e.id = $1',
    [employeeId],
  );
  record.patientInfo.companyName = unitName[0].name;
  const missing = missingSections(record);
  const json = JSON.stringify(record);
  if (nextVersion === 1) {
    // The employee row is locked, so no other first save can get here; DO NOTHING keeps it a 409 regardless.
    const { rowCount } = await q.query(
      `INSERT INTO health_records (employee_id, record, complete, missing, version, created_by, updated_by)
       VALUES ($1, $2::jsonb, $3, $4, 1, $5, $5) ON CONFLICT (employee_id) DO NOTHING`,
      [employeeId, json, missing.length === 0, missing, user.id],
    );
    if (rowCount !== 1) throw conflict();
  } else {
    const { rowCount } = await q.query(
      `UPDATE health_records SET record = $2::jsonb, complete = $3, missing = $4, version = version + 1,
              updated_by = $5, updated_at = now() WHERE employee_id = $1 AND version = $6`,
      [employeeId, json, missing.length === 0, missing, user.id, nextVersion - 1],
    );
    if (rowCount !== 1) throw conflict();
  }
  // The employee row follows the record's name and mobile (the ID number never changes).
  await q.query('UPDATE employees SET name = $2, mobile = $3, updated_at = now() WHERE id = $1', [
    employeeId,
    record.patientInfo.name,
    record.patientInfo.mobile ?? null,
  ]);
  const paths = before ? changedPaths(before, record) : ['*'];
  await q.query(
    `INSERT INTO health_record_versions (employee_id, version, record, changed_paths, form_type, changed_by)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6)`,
    [employeeId, nextVersion, json, paths, type ?? null, user.id],
  );
  await writeAudit(q, req, {
    action: nextVersion === 1 ? 'create' : 'update',
    resource: 'phr',
    recordId: employeeId,
    before: before ?? undefined,
    after: record,
    // The log's 说明 names the changed fields as people read them (个人信息 · 职称), the paths stay in the versions.
    detail: nextVersion === 1 ? '建立健康档案' : `修改健康档案：${paths.slice(0, 10).map(phrPathLabel).join('、')}`,
  });
  return { id: employeeId, version: nextVersion };
}

/**
 * One page of the record list, in its order (unit sort order, then employee id), without sorting the
 * whole company: the count per unit (one pass over `countFrom`, the employees with the joins `where`
 * needs; it is also the total) tells which units hold the page, and only their rows are sorted. Units of
 * equal sort order interleave by employee id, so they are taken together.
 */
export async function recordPage<T>(
  q: Queryable,
  sql: {
    select: string;
    from: string;
    countFrom: string;
    where: string;
    /** The count per unit from elsewhere (the maintained count) instead of a GROUP BY over countFrom. */
    unitCounts?: () => Promise<{ unitId: number; n: number }[]>;
  },
  params: unknown[],
  page: { page: number; pageSize: number },
): Promise<{ total: number; records: T[] }> {
  let units: { sortOrder: number; unitId: number; n: number }[];
  if (sql.unitCounts) {
    const counts = await sql.unitCounts();
    const { rows } = await q.query<{ id: number; sortOrder: number }>(
      'SELECT id, sort_order AS "sortOrder" FROM units WHERE id = ANY($1::int[])',
      [counts.map((c) => c.unitId)],
    );
    const order = new Map(rows.map((r) => [Number(r.id), r.sortOrder]));
    units = counts
      .map((c) => ({ ...c, sortOrder: order.get(c.unitId) ?? 0 }))
      .sort((a, b) => a.sortOrder - b.sortOrder);
  } else {
    units = (
      await q.query<{ sortOrder: number; unitId: number; n: number }>(
        `SELECT u.sort_order AS "sortOrder", g.unit_id AS "unitId", g.n
           FROM (SELECT e.unit_id, count(*)::int AS n FROM ${sql.countFrom} WHERE ${sql.where} GROUP BY e.unit_id) g
           JOIN units u ON u.id = g.unit_id ORDER BY u.sort_order`,
        params,
      )
    ).rows;
  }
  const total = units.reduce((sum, u) => sum + u.n, 0);
  const start = (page.page - 1) * page.pageSize;
  const end = start + page.pageSize;
  const pageUnits: { unitId: number; sortOrder: number }[] = [];
  let skip = 0;
  let before = 0;
  for (let i = 0; i < units.length; ) {
    let j = i;
    let n = 0;
    for (; j < units.length && units[j].sortOrder === units[i].sortOrder; j++) n += units[j].n;
    if (before < end && before + n > start) {
      if (pageUnits.length === 0) skip = start - before;
      for (let k = i; k < j; k++)
        pageUnits.push({ unitId: Number(units[k].unitId), sortOrder: Number(units[k].sortOrder) });
    }
    before += n;
    i = j;
  }
  if (pageUnits.length === 0) return { total, records: [] };
  // Per unit, its first skip + pageSize employees along (unit_id, id): a short index walk each, however
  // large the units; merged in the list's order, the page is the last pageSize of them.
  const all = [...params, skip + page.pageSize, page.pageSize, skip];
  const perUnit = pageUnits.map(
    (u) => `(SELECT e.id, ${u.sortOrder}::int AS s FROM ${sql.countFrom}
              WHERE ${sql.where} AND e.unit_id = ${u.unitId} ORDER BY e.id LIMIT $${all.length - 2})`,
  );
  const { rows } = await q.query<T>(
    `SELECT ${sql.select} FROM ${sql.from}
      WHERE e.id IN (SELECT k.id FROM (${perUnit.join(' UNION ALL ')}) k
                      ORDER BY k.s, k.id LIMIT $${all.length - 1} OFFSET $${all.length})
      ORDER BY u.sort_order, e.id`,
    all,
  );
  return { total, records: rows };
}
