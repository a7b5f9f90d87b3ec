import { ageOn, USER_TYPES } from '@peis/shared';
import type { Queryable } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { employeeRowScopeSql, type ListJoin, listCount, onlyFilters, paged } from '../../lib/paging';
import { employeeScopeSql, unitSubtreeSql } from '../../lib/scope';
import type { SessionUser } from '../../plugins/auth';
import type { ContractQuery, LogQuery, PlanQuery } from './schemas';

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

const PLAN_SELECT = `p.id, p.employee_id AS "employeeId", e.name, u.short_name AS "unitName", p.finding_id AS "findingId",
  p.title, p.method, p.frequency_days AS "frequencyDays", to_char(p.next_date, 'YYYY-MM-DD') AS "nextDate",
  to_char(p.end_date, 'YYYY-MM-DD') AS "endDate", p.assignee_id AS "assigneeId", a.name AS "assigneeName", p.status, p.note,
  (p.status = 1 AND p.next_date <= current_date) AS due, p.version,
  (SELECT count(*)::int FROM follow_up_records fr WHERE fr.plan_id = p.id) AS "records"`;

/** 随访计划: a page of the plans in scope. */
export function planPage(db: Queryable, user: SessionUser, f: PlanQuery) {
  const params: unknown[] = [];
  const { where, add } = conditions(user, params);
  if (f.status) add('p.status = ?', f.status);
  if (f.method) add('p.method = ?', f.method);
  if (f.name) add('e.name ILIKE ?', `%${f.name}%`);
  if (f.employeeId) add('p.employee_id = ?', f.employeeId);
  if (f.mine === 'true') add('p.assignee_id = ?', user.id);
  if (f.due === 'true') where.push('p.status = 1 AND p.next_date <= current_date');
  return paged(
    db,
    {
      select: PLAN_SELECT,
      from: {
        base: 'follow_up_plans p',
        key: 'p.id',
        joins: [...employeeJoins('p.employee_id'), { alias: 'a', sql: 'LEFT JOIN users a ON a.id = p.assignee_id' }],
      },
      where,
      order: 'p.status, p.next_date, p.id',
      // Scope and status are the maintained count's keys.
      count: countable(user, f, ['status']) ? () => listCount(db, 'plans', user, { k1: f.status }) : undefined,
    },
    params,
    f,
  );
}

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

/** 健康服务包: a page of one year's packages in scope, with the person's age and the year's risk level. */
export async function contractPage(db: Queryable, user: SessionUser, f: ContractQuery) {
  const params: unknown[] = [f.year];
  const { where, add } = conditions(user, params);
  where.unshift('s.year = $1');
  if (f.status !== undefined) add('s.status = ?', f.status);
  if (f.level) add('s.level = ?', f.level);
  if (f.name) add('e.name ILIKE ?', `%${f.name}%`);
  if (f.employeeId) add('s.employee_id = ?', f.employeeId);
  if (f.unitId) where.push(unitSubtreeSql('e.unit_id', f.unitId, params));
  const data = await paged<{ birthday: string }>(
    db,
    {
      select: `s.id, s.employee_id AS "employeeId", e.name, e.sex, to_char(e.birthday, 'YYYY-MM-DD') AS birthday,
            u.short_name AS "unitName", s.year, s.level, s.status, t.risk_level AS "riskLevel", s.version,
            to_char(s.signed_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "signedAt",
            to_char(s.completed_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "completedAt"`,
      from: {
        base: 'service_contracts s',
        key: 's.id',
        joins: [
          ...employeeJoins('s.employee_id'),
          { alias: 't', sql: 'LEFT JOIN person_tags t ON t.employee_id = s.employee_id AND t.year = s.year' },
        ],
      },
      where,
      order: 's.status, s.level DESC, s.id',
      // Scope, unit, year and status are the maintained count's keys.
      count: countable(user, f, ['year', 'status', 'unitId'])
        ? () => listCount(db, 'contracts', user, { unitId: f.unitId, k1: f.year, k2: f.status })
        : undefined,
    },
    params,
    f,
  );
  return { ...data, records: data.records.map((x) => ({ ...x, age: ageOn(x.birthday) })) };
}

export interface LockedPlan {
  id: number;
  employee_id: number;
  frequency_days: number;
  end_date: string | null;
  status: number;
  version: number;
}

/** A plan in scope, locked for a write; 403 outside the scope, 404 when there is none. */
export async function lockPlan(q: Queryable, user: SessionUser, id: number): Promise<LockedPlan> {
  const params: unknown[] = [id];
  const { rows } = await q.query<LockedPlan>(
    `SELECT p.id, p.employee_id, p.frequency_days, to_char(p.end_date, 'YYYY-MM-DD') AS end_date, p.status, p.version
       FROM follow_up_plans p WHERE p.id = $1 AND ${employeeScopeSql(user, 'p.employee_id', params)} FOR UPDATE`,
    params,
  );
  if (!rows[0]) {
    const exists = await q.query('SELECT 1 FROM follow_up_plans WHERE id = $1', [id]);
    throw exists.rows[0] ? forbidden('无权操作该随访计划') : notFound('随访计划不存在');
  }
  return rows[0];
}

/** A service package in scope, locked for a write; 404 outside the scope or when there is none. */
export async function lockContract(q: Queryable, user: SessionUser, id: number) {
  const params: unknown[] = [id];
  const { rows } = await q.query<{ id: number; status: number; version: number }>(
    `SELECT s.id, s.status, s.version FROM service_contracts s
      WHERE s.id = $1 AND ${employeeScopeSql(user, 's.employee_id', params)} FOR UPDATE`,
    params,
  );
  if (!rows[0]) throw notFound('服务包不存在或不在账号的单位范围内');
  return rows[0];
}
