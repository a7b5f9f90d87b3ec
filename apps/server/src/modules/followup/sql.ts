import { USER_TYPES } from '@peis/shared';
import type { Queryable } from '../../db/client';
import { employeeRowScopeSql, type ListJoin, listCount, onlyFilters, paged } from '../../lib/paging';
import { unitSubtreeSql } from '../../lib/scope';
import type { SessionUser } from '../../plugins/auth';
import type { LogQuery } from './schemas';

/** The list's conditions: the account's scope on the employee row `e`, then the filters added with `?` for the value. */
function conditions(user: SessionUser, params: unknown[]) {
  const where = [employeeRowScopeSql(user, 'e', params)];
  const add = (cond: string, v: unknown) => {
    params.push(v);
    where.push(cond.replaceAll('?', `$${params.length}`));
  };
  return { where, add };
}
/** The maintained count serves a list only when no other filter narrows it, and never a staff account's own rows. */
const countable = (user: SessionUser, f: Record<string, unknown>, keys: string[]) =>
  user.userType !== USER_TYPES.employee && onlyFilters(f, keys);

const employeeJoins = (column: string): ListJoin[] => [
  { alias: 'e', sql: `JOIN employees e ON e.id = ${column}` },
  { alias: 'u', sql: 'JOIN units u ON u.id = e.unit_id', needs: 'e' },
];

/** 随访记录: a page of the recorded visits in scope, newest first. */
export function logPage(db: Queryable, user: SessionUser, f: LogQuery) {
  const params: unknown[] = [];
  const { where, add } = conditions(user, params);
  if (f.planId) add('r.plan_id = ?', f.planId);
  if (f.employeeId) add('r.employee_id = ?', f.employeeId);
  if (f.method) add('r.method = ?', f.method);
  if (f.name) add('e.name ILIKE ?', `%${f.name}%`);
  if (f.unitId) where.push(unitSubtreeSql('e.unit_id', f.unitId, params));
  return paged(
    db,
    {
      select: `r.id, r.plan_id AS "planId", p.title, r.employee_id AS "employeeId", e.name, u.short_name AS "unitName",
            to_char(r.follow_date, 'YYYY-MM-DD') AS "followDate", r.method, r.outcome, r.note, c.name AS "createdBy",
            to_char(r.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"`,
      from: {
        base: 'follow_up_records r',
        key: 'r.id',
        joins: [
          { alias: 'p', sql: 'JOIN follow_up_plans p ON p.id = r.plan_id' },
          ...employeeJoins('r.employee_id'),
          { alias: 'c', sql: 'LEFT JOIN users c ON c.id = r.created_by' },
        ],
      },
      where,
      order: 'r.follow_date DESC, r.id DESC',
      // Scope and unit are the maintained count's.
      count: countable(user, f, ['unitId']) ? () => listCount(db, 'follow-ups', user, { unitId: f.unitId }) : undefined,
    },
    params,
    f,
  );
}
