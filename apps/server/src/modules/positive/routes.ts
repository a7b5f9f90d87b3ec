import {
  ageOn,
  calendarDate,
  compileRule,
  ExpressionError,
  evaluate,
  expressionVariables,
  idParam,
  intInRange,
  maskIdCard,
  positiveRuleResource,
  validateExpression,
} from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { ResourceHooks } from '../../crud/crud-repository';
import { registerResourceRoutes } from '../../crud/register-resource-routes';
import type { Queryable } from '../../db/client';
import { todayInChina } from '../../lib/dates';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { employeeRowScopeSql, type ListJoin, listCount, onlyFilters, paged, pageQuery } from '../../lib/paging';
import { employeeScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { currentUser, type SessionUser } from '../../plugins/auth';
import { EvaluationJobs } from './jobs';

const idParams = z.object({ id: idParam() });
const dateString = calendarDate();
const ids = z
  .array(z.number().int().positive(), { error: '请选择记录' })
  .min(1, '请选择记录')
  .max(1000, '一次最多1000条');
const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** Task statuses (PRODUCT: 待处理 / 处理中 / 已完成 / 已关闭). */
export const TASK_STATUS = { 1: '待处理', 2: '处理中', 3: '已完成', 4: '已关闭' } as const;
/** Actions on a finding's task; 结案 completes it, 关闭 closes it without completion. */
export const TASK_ACTIONS = {
  phone: '电话沟通',
  notice: '告知',
  referral: '转诊',
  recheck: '复查',
  close: '结案',
  cancel: '关闭',
} as const;
export const FOLLOW_UP_METHODS = { 1: '电话', 2: '上门', 3: '微信', 4: '门诊' } as const;

async function knownCodes(q: Queryable): Promise<Set<string>> {
  const { rows } = await q.query<{ code: string }>(
    'SELECT DISTINCT code FROM indicators WHERE deleted_at IS NULL AND enabled',
  );
  return new Set(rows.map((r) => r.code));
}

/** Filters shared by the lists of people's work: unit subtree and name. */
function personFilters(user: SessionUser, f: { unitId?: number; name?: string }, params: unknown[], col = 'e') {
  const where = [employeeRowScopeSql(user, col, params)];
  if (f.unitId) {
    params.push(f.unitId);
    where.push(
      `${col}.unit_id IN (SELECT id FROM units WHERE path LIKE (SELECT path FROM units WHERE id = $${params.length}) || '%')`,
    );
  }
  if (f.name) {
    params.push(`%${f.name}%`);
    where.push(`${col}.name ILIKE $${params.length}`);
  }
  return where;
}

export async function positiveRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const jobs = new EvaluationJobs(db, app.log);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  // Rules: the generic resource, plus expression checks and a background re-evaluation on every change.
  const ruleHooks: ResourceHooks = {
    async beforeWrite({ q, values }) {
      try {
        validateExpression(String(values.judge), await knownCodes(q));
      } catch (e) {
        if (e instanceof ExpressionError) throw fieldError('judge', e.message);
        throw e;
      }
      if (Number(values.ageMax) < Number(values.ageMin)) throw fieldError('ageMax', '最大年龄不能小于最小年龄');
      return undefined;
    },
    async afterWrite({ q, record, mode }) {
      await jobs.enqueue(q, mode === 'create' ? '新增规则' : '修改规则', [Number(record.id)]);
      jobs.kick();
    },
    async afterRemoveOrRestore({ q, record, removed }) {
      await jobs.enqueue(q, removed ? '删除规则' : '恢复规则', [Number(record.id)]);
      jobs.kick();
    },
  };

  r.get(
    '/api/positive/jobs',
    { config: { permission: 'main:positive/setting' }, schema: { tags: ['阳性规则'], summary: '规则重新评估的进度' } },
    async () => {
      const { rows } = await db.query(
        `SELECT id, reason::jsonb->>'reason' AS reason, status, total, done, error,
                to_char(started_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "startedAt",
                to_char(finished_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "finishedAt"
           FROM evaluation_jobs ORDER BY id DESC LIMIT 10`,
      );
      return { code: 200, data: rows };
    },
  );

  r.post(
    '/api/positive/setting/preview',
    {
      config: { permission: 'main:positive/setting' },
      schema: {
        tags: ['阳性规则'],
        summary: '保存前预览：某年有多少人符合规则',
        body: z.object({
          judge: z.string({ error: '请填写判定条件' }).max(300),
          gender: z.number().int().min(0).max(2).default(0),
          ageMin: z.number().int().min(0).max(150).default(0),
          ageMax: z.number().int().min(0).max(150).default(150),
          year: z.number({ error: '请选择年度' }).int().min(2000).max(2100),
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const b = req.body;
      let rule: ReturnType<typeof compileRule>;
      try {
        validateExpression(b.judge, await knownCodes(db));
        rule = compileRule({
          names: '预览',
          gender: b.gender as 0 | 1 | 2,
          ageMin: b.ageMin,
          ageMax: b.ageMax,
          libraryName: '',
          levels: 1,
          judge: b.judge,
        });
      } catch (e) {
        if (e instanceof ExpressionError) throw fieldError('judge', e.message);
        throw e;
      }
      const params: unknown[] = [b.year];
      const { rows } = await db.query<{
        employee_id: number;
        name: string;
        unit_name: string;
        sex: number;
        birthday: string;
        check_date: string;
        values: Record<string, number>;
      }>(
        `SELECT DISTINCT ON (c.employee_id) c.employee_id, e.name, u.short_name AS unit_name, e.sex,
                to_char(e.birthday, 'YYYY-MM-DD') AS birthday, to_char(c.check_date, 'YYYY-MM-DD') AS check_date, c."values"
           FROM health_checks c JOIN employees e ON e.id = c.employee_id JOIN units u ON u.id = e.unit_id
          WHERE c.year = $1 AND c.deleted_at IS NULL AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}
          ORDER BY c.employee_id, c.check_date DESC`,
        params,
      );
      const codes = [...expressionVariables(rule.tree).keys()];
      const matched = rows.filter((row) => {
        if (b.gender !== 0 && row.sex !== b.gender) return false;
        const age = ageOn(row.birthday, new Date(`${row.check_date}T00:00:00`));
        return age >= b.ageMin && age <= b.ageMax && evaluate(rule.tree, row.values);
      });
      return {
        code: 200,
        data: {
          total: rows.length,
          count: matched.length,
          sample: matched.slice(0, 20).map((m) => ({
            employeeId: Number(m.employee_id),
            name: m.name,
            unitName: m.unit_name,
            checkDate: m.check_date,
            values: Object.fromEntries(codes.map((c) => [c, m.values[c] ?? null])),
          })),
        },
      };
    },
  );

  registerResourceRoutes(app, db, positiveRuleResource, ruleHooks);

  // ---- Findings (新增阳性): confirm into a task, or dismiss.
  const findingFilters = z.object({
    ...pageQuery,
    status: z.coerce.number().int().min(0).max(2).optional(),
    year: intInRange('年份', 2000, 2100).optional(),
    ruleId: idParam('规则').optional(),
    libraryName: z.string().max(20).optional(),
    level: z.coerce.number().int().min(1).max(2).optional(),
    unitId: idParam('单位').optional(),
    name: z.string().max(30).optional(),
    employeeId: idParam('员工').optional(),
  });
  r.get(
    '/api/positive/new',
    {
      config: { permission: 'main:positive/new' },
      schema: { tags: ['阳性管理'], summary: '阳性发现（默认待确认）', querystring: findingFilters },
    },
    async (req) => {
      const f = req.query;
      const params: unknown[] = [];
      const where = personFilters(currentUser(req), f, params);
      const add = (cond: string, v: unknown) => {
        params.push(v);
        where.push(cond.replace('?', `$${params.length}`));
      };
      add('f.status = ?', f.status ?? 0);
      if (f.year) add('f.year = ?', f.year);
      if (f.ruleId) add('f.rule_id = ?', f.ruleId);
      if (f.libraryName) add('pr.library_name = ?', f.libraryName);
      if (f.level) add('f.level = ?', f.level);
      if (f.employeeId) add('f.employee_id = ?', f.employeeId);
      const data = await paged<{ idCard: string; birthday: string }>(
        db,
        {
          select: `f.id, f.employee_id AS "employeeId", e.name, e.sex, to_char(e.birthday, 'YYYY-MM-DD') AS birthday, e.id_card AS "idCard",
         u.short_name AS "unitName", to_char(c.check_date, 'YYYY-MM-DD') AS "checkDate", f.year, pr.names AS "ruleName",
         pr.library_name AS "libraryName", pr.judge, f.level, f.matched, f.status, f.note,
         to_char(f.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"`,
          from: {
            base: 'positive_findings f',
            key: 'f.id',
            joins: [
              { alias: 'e', sql: 'JOIN employees e ON e.id = f.employee_id' },
              { alias: 'u', sql: 'JOIN units u ON u.id = e.unit_id', needs: 'e' },
              { alias: 'c', sql: 'JOIN health_checks c ON c.id = f.check_id' },
              { alias: 'pr', sql: 'JOIN positive_rules pr ON pr.id = f.rule_id' },
            ],
          },
          where,
          order: 'f.level DESC, f.id DESC',
          // Scope, unit, status and year are the maintained count's keys.
          count:
            currentUser(req).userType !== 4 && onlyFilters(f, ['status', 'year', 'unitId'])
              ? () => listCount(db, 'findings', currentUser(req), { unitId: f.unitId, k1: f.status ?? 0, k2: f.year })
              : undefined,
        },
        params,
        f,
      );
      return {
        code: 200,
        data: {
          ...data,
          records: data.records.map((x) => ({ ...x, idCard: maskIdCard(x.idCard), age: ageOn(x.birthday) })),
        },
      };
    },
  );

  /** Findings of `ids` in the caller's scope with the wanted status, locked; 403 when any is out of reach. */
  async function lockFindings(q: Queryable, user: SessionUser, list: number[], status: number) {
    const params: unknown[] = [list, status];
    const { rows } = await q.query<{ id: number; employee_id: number }>(
      `SELECT f.id, f.employee_id FROM positive_findings f
        WHERE f.id = ANY($1) AND f.status = $2 AND ${employeeScopeSql(user, 'f.employee_id', params)} FOR UPDATE`,
      params,
    );
    if (rows.length !== new Set(list).size) throw badRequest('所选记录已被处理，或不在账号的单位范围内，请刷新后重试');
    return rows;
  }

  async function checkAssignee(q: Queryable, assigneeId: number) {
    const { rows } = await q.query<{ user_type: number }>(
      'SELECT user_type FROM users WHERE id = $1 AND deleted_at IS NULL AND enabled',
      [assigneeId],
    );
    if (!rows[0] || ![2, 3].includes(rows[0].user_type)) {
      throw fieldError('assigneeId', '处理人须为启用中的健康管理人员或专家');
    }
  }

  r.post(
    '/api/positive/new/confirm',
    {
      config: { permission: 'positive:confirm' },
      schema: {
        tags: ['阳性管理'],
        summary: '确认阳性并生成任务（可批量）',
        body: z.object({
          ids,
          assigneeId: z.number({ error: '请选择处理人' }).int().positive(),
          dueDate: dateString,
          note: z.string().max(200).optional(),
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { ids: list, assigneeId, dueDate, note } = req.body;
      if (dueDate < todayInChina()) throw fieldError('dueDate', '截止日期不能早于今天');
      const n = await db.tx(async (q) => {
        await checkAssignee(q, assigneeId);
        const found = await lockFindings(q, user, list, 0);
        for (const f of found) {
          await q.query(
            'UPDATE positive_findings SET status = 1, handled_by = $2, handled_at = now(), note = $3 WHERE id = $1',
            [f.id, user.id, note ?? null],
          );
          const { rows } = await q.query<{ id: number }>(
            `INSERT INTO positive_tasks (finding_id, employee_id, assignee_id, due_date, created_by) VALUES ($1, $2, $3, $4::date, $5) RETURNING id`,
            [f.id, f.employee_id, assigneeId, dueDate, user.id],
          );
          await q.query(
            "INSERT INTO positive_logs (finding_id, task_id, employee_id, action, note, created_by) VALUES ($1, $2, $3, 'confirm', $4, $5)",
            [f.id, rows[0].id, f.employee_id, note ?? '确认阳性并派发任务', user.id],
          );
        }
        await writeAudit(q, req, {
          action: 'confirm',
          resource: 'positiveFinding',
          recordId: list.join(','),
          after: { assigneeId, dueDate },
        });
        return found.length;
      });
      return { code: 200, msg: `已确认${n}条，生成${n}个任务`, data: { confirmed: n } };
    },
  );

  r.post(
    '/api/positive/new/dismiss',
    {
      config: { permission: 'positive:confirm' },
      schema: {
        tags: ['阳性管理'],
        summary: '排除阳性（可批量）',
        body: z.object({ ids, note: z.string({ error: '请填写排除原因' }).trim().min(1, '请填写排除原因').max(200) }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const n = await db.tx(async (q) => {
        const found = await lockFindings(q, user, req.body.ids, 0);
        for (const f of found) {
          await q.query(
            'UPDATE positive_findings SET status = 2, handled_by = $2, handled_at = now(), note = $3 WHERE id = $1',
            [f.id, user.id, req.body.note],
          );
          await q.query(
            "INSERT INTO positive_logs (finding_id, employee_id, action, note, created_by) VALUES ($1, $2, 'dismiss', $3, $4)",
            [f.id, f.employee_id, req.body.note, user.id],
          );
        }
        await writeAudit(q, req, {
          action: 'dismiss',
          resource: 'positiveFinding',
          recordId: req.body.ids.join(','),
          after: { note: req.body.note },
        });
        return found.length;
      });
      return { code: 200, msg: `已排除${n}条`, data: { dismissed: n } };
    },
  );

  // ---- Tasks (阳性任务) and their logs (处理记录).
  const TASK_SELECT = `t.id, t.finding_id AS "findingId", t.employee_id AS "employeeId", e.name, u.short_name AS "unitName",
    pr.names AS "ruleName", pr.library_name AS "libraryName", f.level, f.matched, t.assignee_id AS "assigneeId", a.name AS "assigneeName",
    to_char(t.due_date, 'YYYY-MM-DD') AS "dueDate", t.status, (t.status IN (1, 2) AND t.due_date < current_date) AS overdue,
    to_char(t.completed_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "completedAt", t.version,
    (SELECT l.action FROM positive_logs l WHERE l.task_id = t.id ORDER BY l.id DESC LIMIT 1) AS "lastAction",
    to_char(t.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"`;
  const TASK_FROM = {
    base: 'positive_tasks t',
    key: 't.id',
    joins: [
      { alias: 'f', sql: 'JOIN positive_findings f ON f.id = t.finding_id' },
      { alias: 'pr', sql: 'JOIN positive_rules pr ON pr.id = f.rule_id', needs: 'f' },
      { alias: 'e', sql: 'JOIN employees e ON e.id = t.employee_id' },
      { alias: 'u', sql: 'JOIN units u ON u.id = e.unit_id', needs: 'e' },
      { alias: 'a', sql: 'LEFT JOIN users a ON a.id = t.assignee_id' },
    ] satisfies ListJoin[],
  };

  r.get(
    '/api/positive/task',
    {
      config: { permission: 'main:positive/task' },
      schema: {
        tags: ['阳性管理'],
        summary: '阳性任务',
        querystring: z.object({
          ...pageQuery,
          status: z.coerce.number().int().min(1).max(4).optional(),
          assigneeId: idParam('处理人').optional(),
          mine: z.enum(['true', 'false']).optional(),
          overdue: z.enum(['true', 'false']).optional(),
          unitId: idParam('单位').optional(),
          name: z.string().max(30).optional(),
          employeeId: idParam('员工').optional(),
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const f = req.query;
      const params: unknown[] = [];
      const where = personFilters(user, f, params);
      const add = (cond: string, v: unknown) => {
        params.push(v);
        where.push(cond.replace('?', `$${params.length}`));
      };
      if (f.status) add('t.status = ?', f.status);
      if (f.assigneeId) add('t.assignee_id = ?', f.assigneeId);
      if (f.mine === 'true') add('t.assignee_id = ?', user.id);
      if (f.employeeId) add('t.employee_id = ?', f.employeeId);
      if (f.overdue === 'true') where.push('t.status IN (1, 2) AND t.due_date < current_date');
      const data = await paged(
        db,
        {
          select: TASK_SELECT,
          from: TASK_FROM,
          where,
          order: 't.status, t.due_date, t.id',
          // Scope, unit and status are the maintained count's keys.
          count:
            user.userType !== 4 && onlyFilters(f, ['status', 'unitId'])
              ? () => listCount(db, 'tasks', user, { unitId: f.unitId, k1: f.status })
              : undefined,
        },
        params,
        f,
      );
      return { code: 200, data };
    },
  );

  r.put(
    '/api/positive/task/:id',
    {
      config: { permission: 'positive:handle' },
      schema: {
        tags: ['阳性管理'],
        summary: '改派或调整截止日期',
        params: idParams,
        body: z.object({ assigneeId: z.number().int().positive(), dueDate: dateString, version: z.number().int() }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      await db.tx(async (q) => {
        const task = await lockTask(q, user, req.params.id);
        if (task.version !== req.body.version) throw conflict();
        if (task.status >= 3) throw badRequest('任务已结束，不能再修改');
        if (req.body.dueDate < todayInChina()) throw fieldError('dueDate', '截止日期不能早于今天');
        await checkAssignee(q, req.body.assigneeId);
        await q.query(
          'UPDATE positive_tasks SET assignee_id = $2, due_date = $3::date, version = version + 1, updated_at = now() WHERE id = $1',
          [task.id, req.body.assigneeId, req.body.dueDate],
        );
        await q.query(
          "INSERT INTO positive_logs (finding_id, task_id, employee_id, action, note, created_by) VALUES ($1, $2, $3, 'assign', $4, $5)",
          [task.finding_id, task.id, task.employee_id, `处理人/截止日期调整为 ${req.body.dueDate}`, user.id],
        );
        await writeAudit(q, req, {
          action: 'update',
          resource: 'positiveTask',
          recordId: task.id,
          before: task,
          after: req.body,
        });
      });
      return { code: 200, msg: '已保存' };
    },
  );

  async function lockTask(q: Queryable, user: SessionUser, id: number) {
    const params: unknown[] = [id];
    const { rows } = await q.query<{
      id: number;
      finding_id: number;
      employee_id: number;
      status: number;
      version: number;
    }>(
      `SELECT t.id, t.finding_id, t.employee_id, t.status, t.version FROM positive_tasks t
        WHERE t.id = $1 AND ${employeeScopeSql(user, 't.employee_id', params)} FOR UPDATE`,
      params,
    );
    if (!rows[0]) {
      const exists = await q.query('SELECT 1 FROM positive_tasks WHERE id = $1', [id]);
      throw exists.rows[0] ? forbidden('无权处理该任务') : notFound('任务不存在');
    }
    return rows[0];
  }

  r.post(
    '/api/positive/task/:id/log',
    {
      config: { permission: 'positive:handle' },
      schema: {
        tags: ['阳性管理'],
        summary: '记录一次处理；结案完成任务，关闭则不再处理',
        params: idParams,
        body: z.object({
          action: z.enum(Object.keys(TASK_ACTIONS) as [keyof typeof TASK_ACTIONS], { error: '请选择处理方式' }),
          note: z
            .string({ error: '请填写处理情况' })
            .trim()
            .min(1, '请填写处理情况')
            .max(500, '处理情况不能超过500个字'),
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { action, note } = req.body;
      const status = await db.tx(async (q) => {
        const task = await lockTask(q, user, req.params.id);
        if (task.status >= 3) throw badRequest('任务已结束，不能再记录处理');
        const next = action === 'close' ? 3 : action === 'cancel' ? 4 : 2;
        await q.query(
          `UPDATE positive_tasks SET status = $2::smallint, completed_at = CASE WHEN $2::smallint = 3 THEN now() ELSE completed_at END,
                  version = version + 1, updated_at = now() WHERE id = $1`,
          [task.id, next],
        );
        await q.query(
          'INSERT INTO positive_logs (finding_id, task_id, employee_id, action, note, created_by) VALUES ($1, $2, $3, $4, $5, $6)',
          [task.finding_id, task.id, task.employee_id, action, note, user.id],
        );
        await writeAudit(q, req, {
          action: `task.${action}`,
          resource: 'positiveTask',
          recordId: task.id,
          before: { status: task.status },
          after: { status: next, note },
        });
        return next;
      });
      return { code: 200, msg: `已记录：${TASK_ACTIONS[action]}`, data: { status } };
    },
  );

  r.get(
    '/api/positive/log',
    {
      config: { permission: 'main:positive/log' },
      schema: {
        tags: ['阳性管理'],
        summary: '处理记录',
        querystring: z.object({
          ...pageQuery,
          action: z.string().max(20).optional(),
          taskId: idParam('任务').optional(),
          employeeId: idParam('员工').optional(),
          unitId: idParam('单位').optional(),
          name: z.string().max(30).optional(),
        }),
      },
    },
    async (req) => {
      const f = req.query;
      const params: unknown[] = [];
      const where = personFilters(currentUser(req), f, params);
      const add = (cond: string, v: unknown) => {
        params.push(v);
        where.push(cond.replace('?', `$${params.length}`));
      };
      if (f.action) add('l.action = ?', f.action);
      if (f.taskId) add('l.task_id = ?', f.taskId);
      if (f.employeeId) add('l.employee_id = ?', f.employeeId);
      const data = await paged(
        db,
        {
          select: `l.id, l.task_id AS "taskId", l.finding_id AS "findingId", l.employee_id AS "employeeId", e.name, u.short_name AS "unitName",
         pr.names AS "ruleName", l.action, l.note, c.name AS "createdBy",
         to_char(l.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"`,
          from: `positive_logs l JOIN employees e ON e.id = l.employee_id JOIN units u ON u.id = e.unit_id
         JOIN positive_findings f ON f.id = l.finding_id JOIN positive_rules pr ON pr.id = f.rule_id LEFT JOIN users c ON c.id = l.created_by`,
          where,
          order: 'l.id DESC',
        },
        params,
        f,
      );
      return { code: 200, data };
    },
  );
}
