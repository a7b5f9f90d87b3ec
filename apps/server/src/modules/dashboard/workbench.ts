import {
  ABNORMALITY_CRITERIA,
  type AbnormalityKey,
  CRITERIA_VERSION,
  calendarDate,
  conditionSql,
  DASHBOARD_DEFAULT_YEAR,
  HIGH_RISK_BARS,
  HIGH_RISK_DEFAULT_RANGE,
  type HighRiskAnswer,
  INDICATOR_ROW_CRITERIA,
  PLAN_TASKS,
  type PlanTask,
  type PlanTaskKey,
  USER_TYPES,
} from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, Queryable } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { employeeRowScopeSql } from '../../lib/paging';
import { employeeScopeSql, unitScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { currentUser, type SessionUser } from '../../plugins/auth';
import { rollupDashboard } from './rollups';

/**
 * /main/dashboard 工作台: the count cards, the 高危指标统计 bar chart and the 项目甘特图, all from the rows
 * within the account's scope (issue 11 item 1).
 */

/** Longest range the chart counts over: a decade of checks, not an accidental century. */
const MAX_RANGE_DAYS = 3660;

/** SQL over check `c` and person `e`: the check falls in one of the abnormality's indicator-table rows. */
export function abnormalitySql(key: AbnormalityKey): string {
  const rows = INDICATOR_ROW_CRITERIA.filter((r) => ABNORMALITY_CRITERIA[key].rows.includes(r.id));
  return `(${rows.map((r) => conditionSql(r.condition)).join(' OR ')})`;
}

/** A regular staff member's workbench counts their own record only. */
const isEmployee = (user: SessionUser) => user.userType === USER_TYPES.employee;

/** Local day of a timestamp (the console's dates are China time). */
const day = (col: string) => `(${col} AT TIME ZONE 'Asia/Shanghai')::date`;

/**
 * First and last activity day of each task in `year`, within the account's scope: person rows by their
 * employee's unit (a regular staff member: their own), import runs and exports by the acting account's unit.
 */
async function planActivity(q: Queryable, user: SessionUser, year: number) {
  const params: unknown[] = [year];
  const from = `(make_date($1::int, 1, 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`;
  const until = `(make_date($1::int + 1, 1, 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`;
  const inYear = (col: string) => `${col} >= ${from} AND ${col} < ${until}`;
  const scope = employeeRowScopeSql(user, 'e', params);
  // Accounts of the scope: a regular staff member only themselves.
  let accounts: string;
  if (isEmployee(user)) {
    params.push(user.id);
    accounts = `a_scope.id = $${params.length}`;
  } else {
    accounts = unitScopeSql(user, 'a_scope.unit_id', params);
  }
  const byAccount = (col: string) => `${col} IN (SELECT a_scope.id FROM users a_scope WHERE ${accounts})`;
  // First and last as two index walks each (migration 015 indexes every column read): ORDER BY … LIMIT 1 stops at
  // the first row of the scope instead of reading a year of rows.
  const edge = (source: string, col: string, where: string, order: 'ASC' | 'DESC') =>
    `(SELECT ${col} FROM ${source} WHERE ${inYear(col)} AND ${where} ORDER BY ${col} ${order} LIMIT 1)`;
  const span = (task: PlanTaskKey, source: string, col: string, where: string) =>
    `SELECT '${task}' AS task, ${edge(source, col, where, 'ASC')} AS first, ${edge(source, col, where, 'DESC')} AS last`;
  const person = (table: string) => `${table} x JOIN employees e ON e.id = x.employee_id`;
  const { rows } = await q.query<{ task: PlanTaskKey; first: string | null; last: string | null }>(
    `SELECT task, to_char(${day('min(first)')}, 'YYYY-MM-DD') AS first, to_char(${day('max(last)')}, 'YYYY-MM-DD') AS last
       FROM (
         ${span('records', person('health_records'), 'x.created_at', scope)}
         UNION ALL ${span('records', person('health_records'), 'x.updated_at', scope)}
         UNION ALL ${span('checks', person('health_checks'), 'x.created_at', scope)}
         UNION ALL ${span('checks', 'import_runs r', 'r.started_at', byAccount('r.user_id'))}
         UNION ALL ${span('followUp', person('positive_logs'), 'x.created_at', scope)}
         UNION ALL ${span('followUp', person('follow_up_records'), 'x.created_at', scope)}
         UNION ALL ${span('report', 'audit_log a', 'a.at', `a.action = 'export' AND a.success AND ${byAccount('a.user_id')}`)}
       ) t
      GROUP BY task`,
    params,
  );
  return new Map(rows.map((r) => [r.task, r]));
}

async function planOf(q: Queryable, user: SessionUser, year: number): Promise<PlanTask[]> {
  // One after the other: inside a transaction both run on the one connection.
  const activity = await planActivity(q, user, year);
  const planned = await q.query<{ task_key: string; start: string; end: string }>(
    `SELECT task_key, to_char(planned_start, 'YYYY-MM-DD') AS start, to_char(planned_end, 'YYYY-MM-DD') AS "end"
       FROM work_plan WHERE year = $1`,
    [year],
  );
  return PLAN_TASKS.map((t) => {
    const a = activity.get(t.key);
    const p = planned.rows.find((r) => r.task_key === t.key);
    return {
      key: t.key,
      name: t.name,
      activity: t.activity,
      actualStart: a?.first ?? null,
      actualEnd: a?.last ?? null,
      plannedStart: p?.start ?? null,
      plannedEnd: p?.end ?? null,
    };
  });
}

export async function workbenchRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['工作台'];
  const permission = 'main:dashboard';
  const dashboard = rollupDashboard(db);

  r.get(
    '/api/main/dashboard/summary',
    { config: { permission }, schema: { tags, summary: '工作台计数卡片' } },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [user.id];
      const scope = employeeRowScopeSql(user, 'e', params);
      const { rows } = await db.query<Record<string, number>>(
        `SELECT
           (SELECT count(*) FROM health_records r JOIN employees e ON e.id = r.employee_id WHERE e.deleted_at IS NULL AND ${scope})::int AS records,
           (SELECT count(*) FROM positive_findings f JOIN employees e ON e.id = f.employee_id WHERE f.status = 0 AND ${scope})::int AS "newFindings",
           (SELECT count(*) FROM positive_tasks t JOIN employees e ON e.id = t.employee_id
             WHERE t.status IN (1, 2) AND t.due_date < current_date + 7 AND ${scope})::int AS "tasksDue",
           (SELECT count(*) FROM positive_tasks t JOIN employees e ON e.id = t.employee_id
             WHERE t.status IN (1, 2) AND t.assignee_id = $1 AND ${scope})::int AS "myTasks",
           (SELECT count(*) FROM positive_tasks t JOIN employees e ON e.id = t.employee_id
             WHERE t.status IN (1, 2) AND t.assignee_id = $1 AND t.due_date < current_date + 7 AND ${scope})::int AS "myTasksDue",
           (SELECT count(*) FROM follow_up_plans p JOIN employees e ON e.id = p.employee_id
             WHERE p.status = 1 AND p.next_date <= current_date AND ${scope})::int AS "followUpsToday"`,
        params,
      );
      // 高危人群: the company dashboard's 风险人群分布 (慢病 + 重病) of its default year, the same call and scope,
      // so the card and the chart cannot disagree. A regular staff member's scope is their own tags.
      const year = DASHBOARD_DEFAULT_YEAR;
      let highRisk: number;
      if (isEmployee(user)) {
        const own = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM person_tags WHERE employee_id = $1 AND year = $2 AND risk_level IN ('慢病', '重病')`,
          [user.employeeId ?? -1, year],
        );
        highRisk = own.rows[0].n;
      } else {
        const risk = await dashboard.fxrq(db, user, { year });
        highRisk = risk.filter((x) => x.name === '慢病' || x.name === '重病').reduce((s, x) => s + x.value, 0);
      }
      return { code: 200, data: { ...rows[0], highRisk, highRiskYear: year } };
    },
  );

  r.get(
    '/api/main/dashboard/high-risk',
    {
      config: { permission },
      schema: {
        tags,
        summary: '高危指标统计：日期范围内体检显示各项异常的人数（按单位范围）',
        querystring: z.object({
          start: calendarDate('开始日期').default(HIGH_RISK_DEFAULT_RANGE.start),
          end: calendarDate('结束日期').default(HIGH_RISK_DEFAULT_RANGE.end),
        }),
      },
    },
    async (req) => {
      const { start, end } = req.query;
      if (end < start) throw badRequest('结束日期不能早于开始日期');
      const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
      if (days > MAX_RANGE_DAYS) throw badRequest('日期范围不能超过 10 年');
      return { code: 200, data: await highRiskCounts(db, currentUser(req), start, end) };
    },
  );

  r.get(
    '/api/main/dashboard/plan',
    {
      config: { permission },
      schema: {
        tags,
        summary: '项目甘特图：本年度健康管理工作计划（计划日期与实际活动日期）',
        querystring: z.object({ year: planYear.optional() }),
      },
    },
    async (req) => {
      const year = req.query.year ?? currentYear();
      return { code: 200, data: { year, tasks: await planOf(db, currentUser(req), year) } };
    },
  );

  r.put(
    '/api/main/dashboard/plan',
    {
      config: { permission: 'workPlan:edit' },
      schema: {
        tags,
        summary: '设置工作计划的计划日期',
        body: z.object({
          year: planYear,
          tasks: z
            .array(
              z.object({
                key: z.enum(PLAN_TASKS.map((t) => t.key) as [PlanTaskKey, ...PlanTaskKey[]], {
                  error: '未知的计划任务',
                }),
                plannedStart: calendarDate('计划开始日期').nullable(),
                plannedEnd: calendarDate('计划结束日期').nullable(),
              }),
            )
            .max(PLAN_TASKS.length, '计划任务过多'),
        }),
      },
    },
    async (req) => {
      const { year, tasks } = req.body;
      const user = currentUser(req);
      for (const t of tasks) {
        const name = PLAN_TASKS.find((x) => x.key === t.key)!.name;
        if ((t.plannedStart === null) !== (t.plannedEnd === null)) {
          throw badRequest(`${name}：请同时填写计划开始与结束日期，或都不填`);
        }
        if (t.plannedStart === null || t.plannedEnd === null) continue;
        if (t.plannedEnd < t.plannedStart) throw badRequest(`${name}：计划结束日期不能早于开始日期`);
        if (!t.plannedStart.startsWith(`${year}-`) || !t.plannedEnd.startsWith(`${year}-`)) {
          throw badRequest(`${name}：计划日期须在 ${year} 年内`);
        }
      }
      if (new Set(tasks.map((t) => t.key)).size !== tasks.length) throw badRequest('计划任务重复');
      const saved = await db.tx(async (q) => {
        const before = await planOf(q, user, year);
        for (const t of tasks) {
          if (t.plannedStart === null || t.plannedEnd === null) {
            await q.query('DELETE FROM work_plan WHERE year = $1 AND task_key = $2', [year, t.key]);
          } else {
            await q.query(
              `INSERT INTO work_plan (year, task_key, planned_start, planned_end, updated_by)
               VALUES ($1, $2, $3::date, $4::date, $5)
               ON CONFLICT (year, task_key) DO UPDATE
                 SET planned_start = excluded.planned_start, planned_end = excluded.planned_end,
                     updated_by = excluded.updated_by, updated_at = now()`,
              [year, t.key, t.plannedStart, t.plannedEnd, user.id],
            );
          }
        }
        const after = await planOf(q, user, year);
        const planned = (list: PlanTask[]) =>
          Object.fromEntries(
            list.map((t) => [t.name, t.plannedStart ? `${t.plannedStart} 至 ${t.plannedEnd}` : '未设置']),
          );
        await writeAudit(q, req, {
          action: 'update',
          resource: 'workPlan',
          recordId: year,
          detail: `${year} 年工作计划`,
          before: planned(before),
          after: planned(after),
        });
        return after;
      });
      return { code: 200, msg: '工作计划已保存', data: { year, tasks: saved } };
    },
  );
}

const planYear = z.coerce
  .number({ error: '年度应为数字' })
  .int('年度应为整数')
  .min(2000, '年度不能早于 2000')
  .max(2100, '年度不能晚于 2100');

/** This year in China time. */
const currentYear = () => Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 4));

/** Serialises check_flags refreshes (two recomputing one person would collide on the primary key). */
const CHECK_FLAGS_LOCK = 724503;
/** Marks handled per round. */
const MARKS_PER_ROUND = 50_000;
/** app_settings key of the definitions the stored bits were computed with. */
const FLAGS_VERSION_KEY = 'check_flags_criteria';

/** One bit per bar, in HIGH_RISK_BARS order. */
const bit = (i: number) => 1 << i;

/**
 * Brings check_flags (migration 015) up to date: recomputes the bits of every live check of the marked people
 * (all checks after a NULL mark, or when criteria.ts changed since the bits were computed) and deletes exactly
 * the marks it read.
 */
export async function refreshCheckFlags(db: Db): Promise<void> {
  for (;;) {
    const handled = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [CHECK_FLAGS_LOCK]);
      const { rows: stored } = await q.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [
        FLAGS_VERSION_KEY,
      ]);
      const current = stored[0]?.value === CRITERIA_VERSION;
      const { rows: marks } = await q.query<{ id: number; employee_id: number | null }>(
        'SELECT id, employee_id FROM check_flag_marks ORDER BY id LIMIT $1',
        [MARKS_PER_ROUND],
      );
      if (current && !marks.length) return 0;
      const all = !current || marks.some((m) => m.employee_id === null);
      const people = [...new Set(marks.map((m) => Number(m.employee_id)))];
      const bits = HIGH_RISK_BARS.map((b, i) => `CASE WHEN ${abnormalitySql(b.key)} THEN ${bit(i)} ELSE 0 END`);
      const params: unknown[] = all ? [] : [people];
      await q.query(`DELETE FROM check_flags ${all ? '' : 'WHERE employee_id = ANY($1::bigint[])'}`, params);
      await q.query(
        `INSERT INTO check_flags (check_id, employee_id, unit_id, check_date, flags)
         SELECT c.id, c.employee_id, e.unit_id, c.check_date, (${bits.join(' | ')})::smallint
           FROM health_checks c JOIN employees e ON e.id = c.employee_id
          WHERE c.deleted_at IS NULL AND e.deleted_at IS NULL ${all ? '' : 'AND c.employee_id = ANY($1::bigint[])'}`,
        params,
      );
      if (all) {
        // Everything is recomputed: every mark up to the last one read is answered.
        const last = marks.length ? marks[marks.length - 1].id : 0;
        await q.query('DELETE FROM check_flag_marks WHERE id <= $1', [last]);
        await q.query(
          `INSERT INTO app_settings (key, value) VALUES ($1, to_jsonb($2::text))
           ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
          [FLAGS_VERSION_KEY, CRITERIA_VERSION],
        );
        return 0;
      }
      await q.query('DELETE FROM check_flag_marks WHERE id = ANY($1::bigint[])', [marks.map((m) => m.id)]);
      return marks.length;
    });
    if (handled < MARKS_PER_ROUND) return;
  }
}

/**
 * 高危指标统计: the distinct people of the scope with a check dated in [start, end] that shows each
 * abnormality by its one definition (the bits of check_flags, refreshed first when marks are waiting).
 */
export async function highRiskCounts(db: Db, user: SessionUser, start: string, end: string) {
  await refreshCheckFlags(db);
  const params: unknown[] = [start, end];
  const scope =
    user.userType === USER_TYPES.employee
      ? employeeScopeSql(user, 'f.employee_id', params)
      : unitScopeSql(user, 'f.unit_id', params);
  const flags = HIGH_RISK_BARS.map((b, i) => `bit_or(f.flags) & ${bit(i)} > 0 AS ${b.key}`).join(', ');
  const counts = HIGH_RISK_BARS.map((b) => `count(*) FILTER (WHERE x.${b.key})::int AS ${b.key}`).join(', ');
  const { rows } = await db.query<Record<string, number>>(
    `SELECT count(*)::int AS checked, ${counts}
       FROM (SELECT f.employee_id, ${flags}
               FROM check_flags f
              WHERE f.check_date >= $1::date AND f.check_date <= $2::date AND ${scope}
              GROUP BY f.employee_id) x`,
    params,
  );
  const answer: HighRiskAnswer = {
    start,
    end,
    checked: rows[0].checked,
    bars: HIGH_RISK_BARS.map((b) => ({
      key: b.key,
      name: b.name,
      criterion: ABNORMALITY_CRITERIA[b.key].criterion,
      value: rows[0][b.key],
    })),
  };
  return answer;
}
