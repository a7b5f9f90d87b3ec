import { type HealthCheckRow, healthCheckResource, maskIdCard, USER_TYPES } from '@peis/shared';
import { asFilters, CrudRepository, type ListQuery } from '../../crud/crud-repository';
import { selectColumns } from '../../crud/sql-fields';
import type { Queryable } from '../../db/client';
import { notFound } from '../../lib/errors';
import { listCount, onlyFilters } from '../../lib/paging';
import { employeeScopeSql } from '../../lib/scope';
import type { SessionUser } from '../../plugins/auth';
import type { Filters } from './schemas';

/** The detail's FROM and SELECT (the list's columns, plus what the detail adds). */
export const LIST_FROM = 'health_checks c JOIN employees e ON e.id = c.employee_id JOIN units u ON u.id = e.unit_id';
export const LIST_SELECT = `c.id, c.employee_id AS "employeeId", e.name, e.sex, u.short_name AS "unitName", e.id_card AS "idCard",
  to_char(c.check_date, 'YYYY-MM-DD') AS "checkDate", c.year, c.provider, c."values", c.version,
  (SELECT count(*)::int FROM positive_findings pf WHERE pf.check_id = c.id) AS findings`;

/** A list row as answered: numeric ids, the ID number masked (lists and exports never show it in full). */
export const listRecord = (r: HealthCheckRow) => ({
  ...r,
  id: Number(r.id),
  employeeId: Number(r.employeeId),
  idCard: maskIdCard(r.idCard),
});

/** The list's search as the declaration's filters: the check date's range is `checkDateFrom`/`checkDateTo`. */
export const checkFilters = ({ dateFrom, dateTo, idCard, ...f }: Filters) =>
  asFilters({ ...f, idCard: idCard?.trim().toUpperCase(), checkDateFrom: dateFrom, checkDateTo: dateTo });

/**
 * 体检数据 on its declaration (healthCheckResource): person scope, filters and paging are the generic
 * list's; the employee must be live too, and the order is the list index's (newest check first).
 */
export class CheckRepository extends CrudRepository {
  constructor() {
    super(healthCheckResource, {
      scopeWhere: () => 'e.deleted_at IS NULL',
      // The employee field's name and unit are the list's `name`/`unitName`; hasFindings is a filter only.
      toRecord: ({ employeeIdName: _n, employeeIdUnitName: _u, hasFindings: _h, ...r }) => ({
        ...r,
        id: Number(r.id),
        employeeId: Number(r.employeeId),
      }),
      // Scope, unit and year are the maintained count's (live checks of live employees by unit, year).
      listCount: (q, user, query) =>
        user.userType !== USER_TYPES.employee && onlyFilters(query.filters, ['unitId', 'year'])
          ? listCount(q, 'checks', user, {
              unitId: query.filters.unitId ? Number(query.filters.unitId) : undefined,
              k1: query.filters.year ? Number(query.filters.year) : undefined,
            })
          : null,
    });
  }
  override orderBy(query: Pick<ListQuery, 'sort' | 'order'>): string {
    return query.sort ? super.orderBy(query) : 't.check_date DESC, t.id DESC';
  }
}
export const checks = new CheckRepository();

/** The export's batches: the declared list's rows in id order after `afterId`, ID numbers masked. */
export function exportBatches(db: Queryable, user: SessionUser, f: Filters) {
  const params: unknown[] = [];
  const where = checks.filterWhere(user, { filters: checkFilters(f) }, params).join(' AND ');
  return async (afterId: number, limit: number) => {
    const p = [...params, afterId, limit];
    const { rows } = await db.query<HealthCheckRow>(
      `SELECT ${selectColumns(healthCheckResource)} FROM ${checks.from()}
        WHERE ${where} AND t.id > $${p.length - 1} ORDER BY t.id LIMIT $${p.length}`,
      p,
    );
    return rows.map(listRecord);
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

/** A live check in scope, locked for a write; 404 when there is none or it is out of scope. */
export async function lockCheck(q: Queryable, user: SessionUser, id: number): Promise<LockedCheck> {
  const params: unknown[] = [id];
  const { rows } = await q.query<LockedCheck>(
    `SELECT c.id, c.employee_id, to_char(c.check_date, 'YYYY-MM-DD') AS check_date, c.year, c.provider, c."values", c.version
       FROM health_checks c JOIN employees e ON e.id = c.employee_id
      WHERE c.id = $1 AND c.deleted_at IS NULL AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}
      FOR UPDATE OF c`,
    params,
  );
  if (!rows[0]) throw notFound('体检记录不存在');
  return { ...rows[0], id: Number(rows[0].id), employee_id: Number(rows[0].employee_id) };
}
