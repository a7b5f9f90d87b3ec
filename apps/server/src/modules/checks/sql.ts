import { maskIdCard, USER_TYPES } from '@peis/shared';
import type { Queryable } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { employeeRowScopeSql, type ListJoin, listCount, onlyFilters, paged } from '../../lib/paging';
import { employeeScopeSql, unitSubtreeSql } from '../../lib/scope';
import type { SessionUser } from '../../plugins/auth';
import type { Filters } from './schemas';

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** WHERE of the check list and export: live checks of live employees in the account's scope, and the filters. */
export function listWhere(user: SessionUser, f: Filters, params: unknown[]): string {
  const where = ['c.deleted_at IS NULL', 'e.deleted_at IS NULL', employeeRowScopeSql(user, 'e', params)];
  const add = (cond: string, v: unknown) => {
    params.push(v);
    where.push(cond.replaceAll('?', `$${params.length}`));
  };
  if (f.unitId) where.push(unitSubtreeSql('e.unit_id', f.unitId, params));
  if (f.name) add('e.name ILIKE ?', likeText(f.name));
  if (f.idCard) add('e.id_card = ?', f.idCard.trim().toUpperCase());
  if (f.year) add('c.year = ?', f.year);
  if (f.provider) add('c.provider ILIKE ?', likeText(f.provider));
  if (f.dateFrom) add('c.check_date >= ?::date', f.dateFrom);
  if (f.dateTo) add('c.check_date <= ?::date', f.dateTo);
  if (f.hasFindings === 'true') where.push('EXISTS (SELECT 1 FROM positive_findings pf WHERE pf.check_id = c.id)');
  if (f.hasFindings === 'false') where.push('NOT EXISTS (SELECT 1 FROM positive_findings pf WHERE pf.check_id = c.id)');
  return where.join(' AND ');
}

export const LIST_FROM = 'health_checks c JOIN employees e ON e.id = c.employee_id JOIN units u ON u.id = e.unit_id';
/** LIST_FROM for paged(): the count and the page's keys need the employee only for its conditions. */
const LIST_JOINS: ListJoin[] = [
  { alias: 'e', sql: 'JOIN employees e ON e.id = c.employee_id' },
  { alias: 'u', sql: 'JOIN units u ON u.id = e.unit_id', needs: 'e' },
];
export const LIST_SELECT = `c.id, c.employee_id AS "employeeId", e.name, e.sex, u.short_name AS "unitName", e.id_card AS "idCard",
  to_char(c.check_date, 'YYYY-MM-DD') AS "checkDate", c.year, c.provider, c."values", c.version,
  (SELECT count(*)::int FROM positive_findings pf WHERE pf.check_id = c.id) AS findings`;

export interface ListRow {
  id: number;
  employeeId: number;
  name: string;
  sex: number;
  unitName: string;
  idCard: string;
  checkDate: string;
  year: number;
  provider: string | null;
  values: Record<string, number>;
  version: number;
  findings: number;
}
/** A list row as answered: numeric ids, the ID number masked (lists and exports never show it in full). */
export const listRecord = (r: ListRow) => ({
  ...r,
  id: Number(r.id),
  employeeId: Number(r.employeeId),
  idCard: maskIdCard(r.idCard),
});

/** 体检数据: a page of the checks in scope, newest check first. */
export async function checkPage(db: Queryable, user: SessionUser, f: Filters & { page: number; pageSize: number }) {
  const params: unknown[] = [];
  const where = listWhere(user, f, params);
  const { total, records } = await paged<ListRow>(
    db,
    {
      select: LIST_SELECT,
      from: { base: 'health_checks c', key: 'c.id', joins: LIST_JOINS },
      where,
      order: 'c.check_date DESC, c.id DESC',
      // Scope, unit and year are the maintained count's (live checks of live employees by unit, year).
      count:
        user.userType !== USER_TYPES.employee && onlyFilters(f, ['unitId', 'year'])
          ? () => listCount(db, 'checks', user, { unitId: f.unitId, k1: f.year })
          : undefined,
    },
    params,
    f,
  );
  return { total, records: records.map(listRecord) };
}

/** The export's batches: the list's rows in id order after `afterId`. */
export function exportBatches(db: Queryable, user: SessionUser, f: Filters) {
  const params: unknown[] = [];
  const where = listWhere(user, f, params);
  return async (afterId: number, limit: number) => {
    const p = [...params, afterId, limit];
    const { rows } = await db.query<ListRow>(
      `SELECT ${LIST_SELECT} FROM ${LIST_FROM} WHERE ${where} AND c.id > $${p.length - 1} ORDER BY c.id LIMIT $${p.length}`,
      p,
    );
    return rows;
  };
}

export interface LockedCheck {
  id: number;
  employee_id: number;
  check_date: string;
  year: number;
  provider: string | null;
  values: Record<string, number>;
  version: number;
}

/** A live check in scope, locked for a write; 403 outside the scope, 404 when there is none. */
export async function lockCheck(q: Queryable, user: SessionUser, id: number): Promise<LockedCheck> {
  const params: unknown[] = [id];
  const { rows } = await q.query<LockedCheck>(
    `SELECT c.id, c.employee_id, to_char(c.check_date, 'YYYY-MM-DD') AS check_date, c.year, c.provider, c."values", c.version
       FROM health_checks c JOIN employees e ON e.id = c.employee_id
      WHERE c.id = $1 AND c.deleted_at IS NULL AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}
      FOR UPDATE OF c`,
    params,
  );
  if (!rows[0]) {
    const { rows: exists } = await q.query('SELECT 1 FROM health_checks WHERE id = $1 AND deleted_at IS NULL', [id]);
    throw exists[0] ? forbidden('无权修改该体检记录') : notFound('体检记录不存在');
  }
  return { ...rows[0], id: Number(rows[0].id), employee_id: Number(rows[0].employee_id) };
}
