import { USER_TYPES } from '@peis/shared';
import type { Queryable } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { employeeRowScopeSql, paged } from '../../lib/paging';
import { employeeScopeSql, unitSubtreeSql } from '../../lib/scope';
import type { SessionUser } from '../../plugins/auth';

/** The indicator codes a rule's expression may name (kept with the rule evaluation; intervention models read it too). */
export { knownCodes } from '../../lib/rule-evaluation';

/** A task goes to an enabled health staff member or expert. */
export async function checkAssignee(q: Queryable, assigneeId: unknown) {
  if (!Number.isInteger(assigneeId) || Number(assigneeId) <= 0) throw fieldError('assigneeId', '请选择处理人');
  const { rows } = await q.query<{ user_type: number }>(
    'SELECT user_type FROM users WHERE id = $1 AND deleted_at IS NULL AND enabled',
    [assigneeId],
  );
  const type = rows[0]?.user_type;
  if (type !== USER_TYPES.healthStaff && type !== USER_TYPES.expert) {
    throw fieldError('assigneeId', '处理人须为启用中的健康管理人员或专家');
  }
}

/** The last re-evaluations of the rules (progress shown on the rule screen). */
export async function recentJobs(q: Queryable) {
  const { rows } = await q.query(
    `SELECT id, reason::jsonb->>'reason' AS reason, status, total, done, error,
            to_char(started_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "startedAt",
            to_char(finished_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "finishedAt"
       FROM evaluation_jobs ORDER BY id DESC LIMIT 10`,
  );
  return rows;
}

export interface LatestCheck {
  employee_id: number;
  name: string;
  unit_name: string;
  sex: number;
  birthday: string;
  check_date: string;
  values: Record<string, number>;
}

/** Each person's latest check of a year, within the account's scope (a rule preview's population). */
export async function latestChecks(q: Queryable, user: SessionUser, year: number): Promise<LatestCheck[]> {
  const params: unknown[] = [year];
  const { rows } = await q.query<LatestCheck>(
    `SELECT DISTINCT ON (c.employee_id) c.employee_id, e.name, u.short_name AS unit_name, e.sex,
            to_char(e.birthday, 'YYYY-MM-DD') AS birthday, to_char(c.check_date, 'YYYY-MM-DD') AS check_date, c."values"
       FROM health_checks c JOIN employees e ON e.id = c.employee_id JOIN units u ON u.id = e.unit_id
      WHERE c.year = $1 AND c.deleted_at IS NULL AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}
      ORDER BY c.employee_id, c.check_date DESC`,
    params,
  );
  return rows;
}

export interface LogFilters {
  page: number;
  pageSize: number;
  action?: string;
  taskId?: number;
  employeeId?: number;
  unitId?: number;
  name?: string;
}

/** 处理记录: every logged step on findings and tasks, newest first, within the account's scope. */
export function logPage(q: Queryable, user: SessionUser, f: LogFilters) {
  const params: unknown[] = [];
  const where = [employeeRowScopeSql(user, 'e', params)];
  const add = (cond: string, v: unknown) => where.push(cond.replace('?', `$${params.push(v)}`));
  if (f.unitId) where.push(unitSubtreeSql('e.unit_id', f.unitId, params));
  if (f.name) add('e.name ILIKE ?', `%${f.name}%`);
  if (f.action) add('l.action = ?', f.action);
  if (f.taskId) add('l.task_id = ?', f.taskId);
  if (f.employeeId) add('l.employee_id = ?', f.employeeId);
  return paged(
    q,
    {
      select: `l.id, l.task_id AS "taskId", l.finding_id AS "findingId", l.employee_id AS "employeeId", e.name,
        u.short_name AS "unitName", pr.names AS "ruleName", l.action, l.note, c.name AS "createdBy",
        to_char(l.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"`,
      from: `positive_logs l JOIN employees e ON e.id = l.employee_id JOIN units u ON u.id = e.unit_id
        JOIN positive_findings f ON f.id = l.finding_id JOIN positive_rules pr ON pr.id = f.rule_id
        LEFT JOIN users c ON c.id = l.created_by`,
      where,
      order: 'l.id DESC',
    },
    params,
    f,
  );
}

/** One entry of positive_logs (the 处理记录 of a finding and its task). */
export async function writeLog(
  q: Queryable,
  e: { findingId: unknown; taskId?: unknown; employeeId: unknown; action: string; note: string | null; by: number },
) {
  await q.query(
    `INSERT INTO positive_logs (finding_id, task_id, employee_id, action, note, created_by)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [e.findingId, e.taskId ?? null, e.employeeId, e.action, e.note, e.by],
  );
}

/** A confirmed finding's task; answers its id. */
export async function insertTask(
  q: Queryable,
  t: { findingId: unknown; employeeId: unknown; assigneeId: unknown; dueDate: unknown; by: number },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO positive_tasks (finding_id, employee_id, assignee_id, due_date, created_by)
     VALUES ($1, $2, $3, $4::date, $5) RETURNING id`,
    [t.findingId, t.employeeId, t.assigneeId, t.dueDate, t.by],
  );
  return Number(rows[0].id);
}

/** Who handled a finding, when, and the note of that decision. */
export async function markFindingHandled(q: Queryable, id: unknown, by: number, note: unknown) {
  await q.query('UPDATE positive_findings SET handled_by = $2, handled_at = now(), note = $3 WHERE id = $1', [
    id,
    by,
    note ?? null,
  ]);
}
