import { ageOn, calendarDate, idParam } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { todayInChina } from '../../lib/dates';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { employeeRowScopeSql, type ListJoin, listCount, onlyFilters, paged, pageQuery } from '../../lib/paging';
import { employeeScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { currentUser, type SessionUser } from '../../plugins/auth';
import { generateContracts } from './contracts';

const idParams = z.object({ id: idParam() });
const dateString = calendarDate();
const method = z.number({ error: '请选择随访方式' }).int().min(1, '请选择随访方式').max(4, '请选择随访方式');
const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const planBody = z.object({
  employeeId: z.number({ error: '请选择员工' }).int().positive(),
  findingId: z.number().int().positive().nullable().optional(),
  title: z.string({ error: '必填项' }).trim().min(1, '必填项').max(50, '计划名称不能超过50个字'),
  method,
  frequencyDays: z.number({ error: '必填项' }).int().min(1, '随访间隔至少1天').max(365, '随访间隔最多365天'),
  nextDate: dateString,
  endDate: dateString.nullable().optional(),
  assigneeId: z.number().int().positive().nullable().optional(),
  note: z.string().max(200, '备注不能超过200个字').nullable().optional(),
});

async function employeeInScope(q: Queryable, user: SessionUser, employeeId: number) {
  const params: unknown[] = [employeeId];
  const { rows } = await q.query(
    `SELECT 1 FROM employees e WHERE e.id = $1 AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}`,
    params,
  );
  if (!rows[0]) throw forbidden('员工不存在或不在账号的单位范围内');
}

/** Follow-up plans and their records (随访任务/随访记录), and the health-service contracts (健康服务包). */
export async function followUpRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['随访管理'];

  const PLAN_SELECT = `p.id, p.employee_id AS "employeeId", e.name, u.short_name AS "unitName", p.finding_id AS "findingId",
    p.title, p.method, p.frequency_days AS "frequencyDays", to_char(p.next_date, 'YYYY-MM-DD') AS "nextDate",
    to_char(p.end_date, 'YYYY-MM-DD') AS "endDate", p.assignee_id AS "assigneeId", a.name AS "assigneeName", p.status, p.note,
    (p.status = 1 AND p.next_date <= current_date) AS due, p.version,
    (SELECT count(*)::int FROM follow_up_records fr WHERE fr.plan_id = p.id) AS "records"`;
  const PLAN_FROM = {
    base: 'follow_up_plans p',
    key: 'p.id',
    joins: [
      { alias: 'e', sql: 'JOIN employees e ON e.id = p.employee_id' },
      { alias: 'u', sql: 'JOIN units u ON u.id = e.unit_id', needs: 'e' },
      { alias: 'a', sql: 'LEFT JOIN users a ON a.id = p.assignee_id' },
    ] satisfies ListJoin[],
  };

  r.get(
    '/api/follow-up/task',
    {
      config: { permission: 'main:follow-up/task' },
      schema: {
        tags,
        summary: '随访计划',
        querystring: z.object({
          ...pageQuery,
          status: z.coerce.number().int().min(1).max(2).optional(),
          method: z.coerce.number().int().min(1).max(4).optional(),
          due: z.enum(['true', 'false']).optional(),
          mine: z.enum(['true', 'false']).optional(),
          name: z.string().max(30).optional(),
          employeeId: idParam('员工').optional(),
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const f = req.query;
      const params: unknown[] = [];
      const where = [employeeRowScopeSql(user, 'e', params)];
      const add = (cond: string, v: unknown) => {
        params.push(v);
        where.push(cond.replace('?', `$${params.length}`));
      };
      if (f.status) add('p.status = ?', f.status);
      if (f.method) add('p.method = ?', f.method);
      if (f.name) add('e.name ILIKE ?', `%${f.name}%`);
      if (f.employeeId) add('p.employee_id = ?', f.employeeId);
      if (f.mine === 'true') add('p.assignee_id = ?', user.id);
      if (f.due === 'true') where.push('p.status = 1 AND p.next_date <= current_date');
      const data = await paged(
        db,
        {
          select: PLAN_SELECT,
          from: PLAN_FROM,
          where,
          order: 'p.status, p.next_date, p.id',
          // Scope and status are the maintained count's keys.
          count:
            user.userType !== 4 && onlyFilters(f, ['status'])
              ? () => listCount(db, 'plans', user, { k1: f.status })
              : undefined,
        },
        params,
        f,
      );
      return { code: 200, data };
    },
  );

  r.post(
    '/api/follow-up/task',
    {
      config: { permission: 'followup:add' },
      schema: { tags, summary: '新建随访计划（手工或由阳性发现生成）', body: planBody },
    },
    async (req) => {
      const user = currentUser(req);
      const b = req.body;
      if (b.endDate && b.endDate < b.nextDate) throw fieldError('endDate', '结束日期不能早于首次随访日期');
      const id = await db.tx(async (q) => {
        await employeeInScope(q, user, b.employeeId);
        if (b.findingId) {
          const { rows } = await q.query('SELECT 1 FROM positive_findings WHERE id = $1 AND employee_id = $2', [
            b.findingId,
            b.employeeId,
          ]);
          if (!rows[0]) throw fieldError('findingId', '阳性发现不属于该员工');
        }
        const { rows } = await q.query<{ id: number }>(
          `INSERT INTO follow_up_plans (employee_id, finding_id, title, method, frequency_days, next_date, end_date, assignee_id, note, created_by)
           VALUES ($1, $2, $3, $4, $5, $6::date, $7::date, $8, $9, $10) RETURNING id`,
          [
            b.employeeId,
            b.findingId ?? null,
            b.title,
            b.method,
            b.frequencyDays,
            b.nextDate,
            b.endDate ?? null,
            b.assigneeId ?? user.id,
            b.note ?? null,
            user.id,
          ],
        );
        await writeAudit(q, req, { action: 'create', resource: 'followUpPlan', recordId: rows[0].id, after: b });
        return Number(rows[0].id);
      });
      return { code: 200, msg: '保存成功', data: { id } };
    },
  );

  async function lockPlan(q: Queryable, user: SessionUser, id: number) {
    const params: unknown[] = [id];
    const { rows } = await q.query<{
      id: number;
      employee_id: number;
      frequency_days: number;
      end_date: string | null;
      status: number;
      version: number;
    }>(
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

  r.put(
    '/api/follow-up/task/:id',
    {
      config: { permission: 'followup:edit' },
      schema: {
        tags,
        summary: '修改随访计划',
        params: idParams,
        body: planBody.extend({ status: z.number().int().min(1).max(2), version: z.number().int() }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const b = req.body;
      await db.tx(async (q) => {
        const plan = await lockPlan(q, user, req.params.id);
        if (plan.version !== b.version) throw conflict();
        if (plan.employee_id !== b.employeeId) throw fieldError('employeeId', '随访计划的员工不能更改');
        await q.query(
          `UPDATE follow_up_plans SET title = $2, method = $3, frequency_days = $4, next_date = $5::date, end_date = $6::date,
                  assignee_id = $7, note = $8, status = $9, version = version + 1, updated_at = now() WHERE id = $1`,
          [
            plan.id,
            b.title,
            b.method,
            b.frequencyDays,
            b.nextDate,
            b.endDate ?? null,
            b.assigneeId ?? null,
            b.note ?? null,
            b.status,
          ],
        );
        await writeAudit(q, req, {
          action: 'update',
          resource: 'followUpPlan',
          recordId: plan.id,
          before: plan,
          after: b,
        });
      });
      return { code: 200, msg: '保存成功' };
    },
  );

  r.post(
    '/api/follow-up/task/:id/record',
    {
      config: { permission: 'followup:add' },
      schema: {
        tags,
        summary: '记录一次随访；下次随访日期按计划间隔推算',
        params: idParams,
        body: z.object({
          followDate: dateString,
          method,
          outcome: z
            .string({ error: '请填写随访结果' })
            .trim()
            .min(1, '请填写随访结果')
            .max(500, '随访结果不能超过500个字'),
          note: z.string().max(200).nullable().optional(),
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const b = req.body;
      if (b.followDate > todayInChina()) throw fieldError('followDate', '随访日期不能晚于今天');
      const result = await db.tx(async (q) => {
        const plan = await lockPlan(q, user, req.params.id);
        if (plan.status !== 1) throw badRequest('随访计划已结束');
        await q.query(
          `INSERT INTO follow_up_records (plan_id, employee_id, follow_date, method, outcome, note, created_by)
           VALUES ($1, $2, $3::date, $4, $5, $6, $7)`,
          [plan.id, plan.employee_id, b.followDate, b.method, b.outcome, b.note ?? null, user.id],
        );
        const next = addDays(b.followDate, plan.frequency_days);
        const ended = plan.end_date !== null && next > plan.end_date;
        await q.query(
          'UPDATE follow_up_plans SET next_date = $2::date, status = $3, version = version + 1, updated_at = now() WHERE id = $1',
          [plan.id, next, ended ? 2 : 1],
        );
        await writeAudit(q, req, {
          action: 'followup.record',
          resource: 'followUpPlan',
          recordId: plan.id,
          after: { ...b, nextDate: next },
        });
        return { nextDate: next, status: ended ? 2 : 1 };
      });
      return {
        code: 200,
        msg: result.status === 2 ? '已记录，随访计划已完成' : `已记录，下次随访：${result.nextDate}`,
        data: result,
      };
    },
  );

  r.get(
    '/api/follow-up/log',
    {
      config: { permission: 'main:follow-up/log' },
      schema: {
        tags,
        summary: '随访记录',
        querystring: z.object({
          ...pageQuery,
          planId: idParam('随访计划').optional(),
          employeeId: idParam('员工').optional(),
          unitId: idParam('单位').optional(),
          name: z.string().max(30).optional(),
          method: z.coerce.number().int().min(1).max(4).optional(),
        }),
      },
    },
    async (req) => {
      const f = req.query;
      const params: unknown[] = [];
      const where = [employeeRowScopeSql(currentUser(req), 'e', params)];
      const add = (cond: string, v: unknown) => {
        params.push(v);
        where.push(cond.replace('?', `$${params.length}`));
      };
      if (f.planId) add('r.plan_id = ?', f.planId);
      if (f.employeeId) add('r.employee_id = ?', f.employeeId);
      if (f.method) add('r.method = ?', f.method);
      if (f.name) add('e.name ILIKE ?', `%${f.name}%`);
      if (f.unitId)
        add(
          `e.unit_id IN (SELECT id FROM units WHERE path LIKE (SELECT path FROM units WHERE id = ?) || '%')`,
          f.unitId,
        );
      const data = await paged(
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
              { alias: 'e', sql: 'JOIN employees e ON e.id = r.employee_id' },
              { alias: 'u', sql: 'JOIN units u ON u.id = e.unit_id', needs: 'e' },
              { alias: 'c', sql: 'LEFT JOIN users c ON c.id = r.created_by' },
            ],
          },
          where,
          order: 'r.follow_date DESC, r.id DESC',
          // Scope and unit are the maintained count's.
          count:
            currentUser(req).userType !== 4 && onlyFilters(f, ['unitId'])
              ? () => listCount(db, 'follow-ups', currentUser(req), { unitId: f.unitId })
              : undefined,
        },
        params,
        f,
      );
      return { code: 200, data };
    },
  );

  // ---- Health-service contracts (健康服务包): level from the risk level by a configurable mapping.
  r.get(
    '/api/contract',
    {
      config: { permission: 'main:follow-up/task' },
      schema: {
        tags: ['健康服务包'],
        summary: '健康服务包签约',
        querystring: z.object({
          ...pageQuery,
          year: z.coerce.number().int().min(2000).max(2100).default(2025),
          status: z.coerce.number().int().min(0).max(2).optional(),
          level: z.coerce.number().int().min(1).max(3).optional(),
          unitId: idParam('单位').optional(),
          name: z.string().max(30).optional(),
          employeeId: idParam('员工').optional(),
        }),
      },
    },
    async (req) => {
      const f = req.query;
      const params: unknown[] = [f.year];
      const where = ['s.year = $1', employeeRowScopeSql(currentUser(req), 'e', params)];
      const add = (cond: string, v: unknown) => {
        params.push(v);
        where.push(cond.replace(/\?/g, `$${params.length}`));
      };
      if (f.status !== undefined) add('s.status = ?', f.status);
      if (f.level) add('s.level = ?', f.level);
      if (f.name) add('e.name ILIKE ?', `%${f.name}%`);
      if (f.employeeId) add('s.employee_id = ?', f.employeeId);
      if (f.unitId)
        add(
          `e.unit_id IN (SELECT id FROM units WHERE path LIKE (SELECT path FROM units WHERE id = ?) || '%')`,
          f.unitId,
        );
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
              { alias: 'e', sql: 'JOIN employees e ON e.id = s.employee_id' },
              { alias: 'u', sql: 'JOIN units u ON u.id = e.unit_id', needs: 'e' },
              { alias: 't', sql: 'LEFT JOIN person_tags t ON t.employee_id = s.employee_id AND t.year = s.year' },
            ],
          },
          where,
          order: 's.status, s.level DESC, s.id',
          // Scope, unit, year and status are the maintained count's keys.
          count:
            currentUser(req).userType !== 4 && onlyFilters(f, ['year', 'status', 'unitId'])
              ? () => listCount(db, 'contracts', currentUser(req), { unitId: f.unitId, k1: f.year, k2: f.status })
              : undefined,
        },
        params,
        f,
      );
      return { code: 200, data: { ...data, records: data.records.map((x) => ({ ...x, age: ageOn(x.birthday) })) } };
    },
  );

  const levelsSchema = z.record(z.enum(['健康', '风险', '异常', '慢病', '重病']), z.number().int().min(1).max(3));
  r.get(
    '/api/contract/levels',
    {
      config: { permission: 'main:follow-up/task' },
      schema: { tags: ['健康服务包'], summary: '风险等级 → 服务包级别' },
    },
    async () => {
      const { rows } = await db.query<{ value: Record<string, number> }>(
        "SELECT value FROM app_settings WHERE key = 'contract.levelByRisk'",
      );
      return { code: 200, data: rows[0]?.value ?? {} };
    },
  );
  r.put(
    '/api/contract/levels',
    {
      config: { permission: 'followup:edit' },
      schema: { tags: ['健康服务包'], summary: '修改服务包级别的对应关系', body: z.object({ levels: levelsSchema }) },
    },
    async (req) => {
      if (Object.keys(req.body.levels).length !== 5) throw badRequest('请为每个风险等级设置服务包级别');
      await db.tx(async (q) => {
        await q.query(
          "INSERT INTO app_settings (key, value) VALUES ('contract.levelByRisk', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
          [JSON.stringify(req.body.levels)],
        );
        await writeAudit(q, req, { action: 'update', resource: 'contractLevels', after: req.body.levels });
      });
      return { code: 200, msg: '保存成功' };
    },
  );

  r.post(
    '/api/contract/generate',
    {
      config: { permission: 'followup:add' },
      schema: {
        tags: ['健康服务包'],
        summary: '按年度为已有分组标签的员工生成服务包（未签约）',
        body: z.object({ year: z.number().int().min(2000).max(2100) }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const created = await db.tx(async (q) => {
        const made = await generateContracts(q, req.body.year, (params) =>
          employeeScopeSql(user, 't.employee_id', params),
        );
        await writeAudit(q, req, {
          action: 'create',
          resource: 'contract',
          after: { year: req.body.year, created: made },
        });
        return made;
      });
      return { code: 200, msg: `已生成${created}份服务包`, data: { created } };
    },
  );

  const transition = (path: 'sign' | 'complete', from: number, to: number, label: string) =>
    r.post(
      `/api/contract/:id/${path}`,
      {
        config: { permission: 'followup:edit' },
        schema: {
          tags: ['健康服务包'],
          summary: label,
          params: idParams,
          body: z.object({ version: z.number().int() }),
        },
      },
      async (req) => {
        const user = currentUser(req);
        await db.tx(async (q) => {
          const params: unknown[] = [req.params.id];
          const { rows } = await q.query<{ id: number; status: number; version: number }>(
            `SELECT s.id, s.status, s.version FROM service_contracts s
              WHERE s.id = $1 AND ${employeeScopeSql(user, 's.employee_id', params)} FOR UPDATE`,
            params,
          );
          if (!rows[0]) throw notFound('服务包不存在或不在账号的单位范围内');
          if (rows[0].version !== req.body.version) throw conflict();
          if (rows[0].status !== from) throw badRequest(from === 0 ? '该服务包已签约' : '只有已签约的服务包才能完成');
          await q.query(
            `UPDATE service_contracts SET status = $2, ${to === 1 ? 'signed_at' : 'completed_at'} = now(), version = version + 1, updated_at = now()
              WHERE id = $1`,
            [req.params.id, to],
          );
          await writeAudit(q, req, {
            action: `contract.${path}`,
            resource: 'contract',
            recordId: req.params.id,
            before: rows[0],
            after: { status: to },
          });
        });
        return { code: 200, msg: `${label}成功` };
      },
    );
  transition('sign', 0, 1, '签约');
  transition('complete', 1, 2, '完成');
}
