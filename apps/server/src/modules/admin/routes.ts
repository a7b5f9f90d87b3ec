import {
  accountResource,
  calendarDate,
  dictResource,
  expertResource,
  facilityResource,
  helpResource,
  idParam,
  idParams,
  insuranceResource,
  KNOWN_PERMISSIONS,
  MOBILE_PATTERN,
  passwordSchema,
  questionnaireResource,
  roleResource,
  targetResource,
  USER_TYPES,
  unitResource,
  userResource,
} from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { registerEmployeePicker } from '../../crud/employee-pick';
import { registerResourceRoutes } from '../../crud/register-resource-routes';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import { listCount, onlyFilters, pageQuery } from '../../lib/paging';
import { hashPassword } from '../../lib/password';
import { employeeScopeSql, unitInScope, unitScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import {
  accountHooks,
  helpHooks,
  insuranceHooks,
  roleHooks,
  targetHooks,
  unitHooks,
  userHooks,
} from './resource-hooks';

const dateString = calendarDate();

export async function adminRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Static routes first: find-my-way prefers them to /:id anyway, but reading order follows routing order.
  r.get(
    '/api/healthInsurance/summary',
    {
      config: { permission: insuranceResource.permissions.list },
      schema: {
        tags: [insuranceResource.label],
        summary: '按单位汇总参保人数与保费',
        querystring: z.object({ year: z.coerce.number({ error: '年度无效' }).int().min(2000).max(2100).optional() }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [];
      const scope = unitScopeSql(user, 'i.unit_id', params);
      let yearCond = 'TRUE';
      if (req.query.year) {
        params.push(req.query.year);
        yearCond = `i.year = $${params.length}`;
      }
      const { rows } = await db.query(
        `SELECT u.id AS "unitId", u.short_name AS "unitName", count(DISTINCT i.employee_id)::int AS "people",
                count(*)::int AS "enrolments", coalesce(sum(i.premium), 0)::float8 AS "premium",
                count(*) FILTER (WHERE i.status = 1)::int AS "active"
           FROM insurance_enrolments i JOIN units u ON u.id = i.unit_id
          WHERE i.deleted_at IS NULL AND ${scope} AND ${yearCond}
          GROUP BY u.id, u.short_name, u.sort_order ORDER BY u.sort_order, u.id`,
        params,
      );
      return { code: 200, data: rows };
    },
  );

  r.get(
    '/api/account/transfer',
    {
      config: { permission: 'company:account/transfer' },
      schema: {
        tags: [accountResource.label],
        summary: '员工调动记录',
        querystring: z.object({
          ...pageQuery,
          name: z.string().optional(),
          employeeId: idParam('员工').optional(),
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [];
      const where = [employeeScopeSql(user, 't.employee_id', params)];
      if (req.query.name) {
        params.push(`%${req.query.name}%`);
        where.push(`e.name ILIKE $${params.length}`);
      }
      if (req.query.employeeId) {
        params.push(req.query.employeeId);
        where.push(`t.employee_id = $${params.length}`);
      }
      const { rows: count } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM employee_transfers t JOIN employees e ON e.id = t.employee_id WHERE ${where.join(' AND ')}`,
        params,
      );
      params.push(req.query.pageSize, (req.query.page - 1) * req.query.pageSize);
      const { rows } = await db.query(
        `SELECT t.id, t.employee_id AS "employeeId", e.name AS "employeeName", t.from_unit_id AS "fromUnitId",
                fu.short_name AS "fromUnitName", t.to_unit_id AS "toUnitId", tu.short_name AS "toUnitName", t.reason,
                to_char(t.effective_date, 'YYYY-MM-DD') AS "effectiveDate", cu.name AS "createdBy",
                to_char(t.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
           FROM employee_transfers t JOIN employees e ON e.id = t.employee_id
           JOIN units fu ON fu.id = t.from_unit_id JOIN units tu ON tu.id = t.to_unit_id
           LEFT JOIN users cu ON cu.id = t.created_by
          WHERE ${where.join(' AND ')} ORDER BY t.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { code: 200, data: { total: count[0].n, records: rows } };
    },
  );

  r.post(
    '/api/account/transfer',
    {
      config: { permission: 'account:transfer' },
      schema: {
        tags: [accountResource.label],
        summary: '员工调动（可批量）',
        body: z.object({
          employeeIds: z
            .array(z.number().int().positive(), { error: '请选择员工' })
            .min(1, '请选择员工')
            .max(500, '一次最多调动500人'),
          toUnitId: z.number({ error: '请选择调入单位' }).int().positive('请选择调入单位'),
          reason: z
            .string({ error: '请填写调动原因' })
            .trim()
            .min(1, '请填写调动原因')
            .max(200, '调动原因不能超过200个字'),
          effectiveDate: dateString,
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { employeeIds, toUnitId, reason, effectiveDate } = req.body;
      const moved = await db.tx(async (q) => {
        const { rows: unit } = await q.query<{ path: string }>(
          'SELECT path FROM units WHERE id = $1 AND deleted_at IS NULL',
          [toUnitId],
        );
        if (!unit[0]) throw fieldError('toUnitId', '调入单位不存在');
        if (!unitInScope(user, unit[0].path)) throw forbidden('不能调入账号单位范围以外的单位');
        const params: unknown[] = [employeeIds];
        const { rows: emps } = await q.query<{ id: number; unit_id: number; name: string }>(
          `SELECT t.id, t.unit_id, t.name FROM employees t
            WHERE t.id = ANY($1) AND t.deleted_at IS NULL AND ${employeeScopeSql(user, 't.id', params)} FOR UPDATE`,
          params,
        );
        if (emps.length !== new Set(employeeIds).size) throw forbidden('所选员工不存在或不在账号的单位范围内');
        const changed = emps.filter((e) => e.unit_id !== toUnitId);
        if (!changed.length) throw badRequest('所选员工已在调入单位');
        for (const e of changed) {
          await q.query('UPDATE employees SET unit_id = $2, version = version + 1, updated_at = now() WHERE id = $1', [
            e.id,
            toUnitId,
          ]);
          await q.query(
            `INSERT INTO employee_transfers (employee_id, from_unit_id, to_unit_id, reason, effective_date, created_by)
             VALUES ($1, $2, $3, $4, $5::date, $6)`,
            [e.id, e.unit_id, toUnitId, reason, effectiveDate, user.id],
          );
        }
        await writeAudit(q, req, {
          action: 'transfer',
          resource: accountResource.name,
          recordId: changed.map((e) => e.id).join(','),
          before: changed.map((e) => ({ id: e.id, name: e.name, unitId: e.unit_id })),
          after: { toUnitId, reason, effectiveDate },
        });
        return changed.length;
      });
      return { code: 200, msg: `已调动${moved}人`, data: { moved } };
    },
  );

  r.put(
    '/api/role/:id/permissions',
    {
      config: { permission: roleResource.permissions.update },
      schema: {
        tags: [roleResource.label],
        summary: '设置角色的菜单与按钮权限',
        params: idParams,
        body: z.object({
          menus: z.array(z.string()),
          buttons: z.array(z.string()),
          version: z.number({ error: '缺少版本号，请刷新后重试' }).int(),
        }),
      },
    },
    async (req) => {
      const unknown = [...req.body.menus, ...req.body.buttons].filter((p) => !KNOWN_PERMISSIONS.has(p));
      if (unknown.length) throw badRequest(`未知的权限：${unknown.join('、')}`);
      const record = await db.tx(async (q) => {
        const { rows } = await q.query<{ menus: string[]; buttons: string[]; version: number }>(
          'SELECT menus, buttons, version FROM roles WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
          [req.params.id],
        );
        if (!rows[0]) throw notFound('角色不存在');
        if (rows[0].version !== req.body.version) throw conflict();
        const menus = [...new Set(req.body.menus)];
        const buttons = [...new Set(req.body.buttons)];
        await q.query(
          'UPDATE roles SET menus = $2, buttons = $3, version = version + 1, updated_at = now() WHERE id = $1',
          [req.params.id, menus, buttons],
        );
        await writeAudit(q, req, {
          action: 'permissions',
          resource: roleResource.name,
          recordId: req.params.id,
          before: { menus: rows[0].menus, buttons: rows[0].buttons },
          after: { menus, buttons },
        });
        return { id: req.params.id, menus, buttons, version: rows[0].version + 1 };
      });
      return { code: 200, msg: '权限已保存', data: record };
    },
  );

  r.post(
    '/api/user/:id/password',
    {
      config: { permission: 'user:resetPassword' },
      schema: {
        tags: [userResource.label],
        summary: '重置密码（解除锁定，结束该账号的所有会话）',
        params: idParams,
        body: z.object({ password: passwordSchema }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [req.params.id];
      const { rows } = await db.query<{ id: number }>(
        `SELECT t.id FROM users t WHERE t.id = $1 AND t.deleted_at IS NULL AND ${unitScopeSql(user, 't.unit_id', params)}`,
        params,
      );
      if (!rows[0]) throw notFound('用户不存在或不在账号的单位范围内');
      const hash = await hashPassword(req.body.password);
      await db.tx(async (q) => {
        await q.query(
          `UPDATE users SET password_hash = $2, failed_logins = 0, locked_until = NULL, password_changed_at = now(),
                  version = version + 1, updated_at = now() WHERE id = $1`,
          [req.params.id, hash],
        );
        await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
          req.params.id,
        ]);
        // An administrator's reset also lifts the account's sign-in locks at every address.
        await q.query('DELETE FROM login_throttle WHERE username = (SELECT lower(username) FROM users WHERE id = $1)', [
          req.params.id,
        ]);
        await writeAudit(q, req, { action: 'password.reset', resource: userResource.name, recordId: req.params.id });
      });
      return { code: 200, msg: '密码已重置' };
    },
  );

  // Who work can be assigned to (findings, tasks, follow-ups, records): enabled health staff and experts.
  // Readable by every console role that assigns work; the full account list (/user) stays administrative.
  r.get(
    '/api/user/assignees',
    {
      schema: {
        tags: [userResource.label],
        summary: '可指派的处理人（健康管理人员与专家）',
        querystring: z.object({ ...pageQuery, name: z.string().max(30).optional() }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (user.userType === USER_TYPES.employee) throw forbidden();
      const params: unknown[] = [];
      let cond = `u.deleted_at IS NULL AND u.enabled AND u.user_type IN (${USER_TYPES.healthStaff}, ${USER_TYPES.expert})`;
      if (req.query.name) {
        params.push(`%${req.query.name}%`);
        cond += ` AND u.name ILIKE $${params.length}`;
      }
      const { rows: count } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users u WHERE ${cond}`,
        params,
      );
      params.push(req.query.pageSize, (req.query.page - 1) * req.query.pageSize);
      const { rows } = await db.query<{
        id: number;
        name: string;
        phone: string | null;
        userType: number;
        unitName: string | null;
      }>(
        `SELECT u.id, u.name, u.phone, u.user_type AS "userType", un.short_name AS "unitName"
           FROM users u LEFT JOIN units un ON un.id = u.unit_id WHERE ${cond}
          ORDER BY u.user_type, u.name LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return {
        code: 200,
        data: { total: count[0].n, records: rows.map((r) => ({ ...r, data: { phone: r.phone ?? '' } })) },
      };
    },
  );

  // Dictionaries for the pickers of SPEC §2/§7: any signed-in account may read them.
  const dictList = async (type: string, page: number, pageSize: number) => {
    const { rows: count } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM dict_items WHERE dict_type = $1 AND enabled AND deleted_at IS NULL',
      [type],
    );
    const { rows } = await db.query(
      `SELECT name, value FROM dict_items WHERE dict_type = $1 AND enabled AND deleted_at IS NULL
        ORDER BY sort_order, id LIMIT $2 OFFSET $3`,
      [type, pageSize, (page - 1) * pageSize],
    );
    return { code: 200, data: { total: count[0].n, records: rows } };
  };
  const dictTypeParams = z.object({ type: z.string().regex(/^[A-Za-z]{1,30}$/, '字典类型无效') });
  r.get(
    '/api/dict/:type',
    {
      schema: {
        tags: ['字典'],
        summary: '字典项（选择器用）',
        params: dictTypeParams,
        querystring: z.object(pageQuery),
      },
    },
    (req) => dictList(req.params.type, req.query.page, req.query.pageSize),
  );
  r.get(
    '/api/expert/dict/:type',
    {
      schema: {
        tags: ['字典'],
        summary: '专家字典：title 职称、major 专业、department 科室',
        params: z.object({ type: z.enum(['title', 'major', 'department'], { error: '字典类型无效' }) }),
        querystring: z.object(pageQuery),
      },
    },
    (req) => dictList(req.params.type, req.query.page, req.query.pageSize),
  );

  // The audit log (/main/oplog): who did what, when, to which record, with the values before and after.
  r.get(
    '/api/oplog',
    {
      config: { permission: 'main:oplog' },
      schema: {
        tags: ['操作日志'],
        summary: '操作日志',
        querystring: z.object({
          ...pageQuery,
          username: z.string().optional(),
          action: z.string().optional(),
          resource: z.string().optional(),
          recordId: z.string().optional(),
          atFrom: dateString.optional(),
          atTo: dateString.optional(),
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const qs = req.query;
      const params: unknown[] = [];
      const where: string[] = [];
      // A unit administrator sees what the accounts of their units did.
      if (user.unitPath !== null) {
        const scope = unitScopeSql(user, 'su.unit_id', params);
        where.push(`a.user_id IN (SELECT su.id FROM users su WHERE ${scope})`);
      }
      const add = (cond: string, v: unknown) => {
        params.push(v);
        where.push(cond.replace('?', `$${params.length}`));
      };
      if (qs.username) add('a.username ILIKE ?', `%${qs.username}%`);
      if (qs.action) add('a.action = ?', qs.action);
      if (qs.resource) add('a.resource = ?', qs.resource);
      if (qs.recordId) add('a.record_id = ?', qs.recordId);
      if (qs.atFrom) add(`a.at >= (?::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`, qs.atFrom);
      if (qs.atTo) add(`a.at < ((?::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`, qs.atTo);
      const cond = where.length ? where.join(' AND ') : 'TRUE';
      // Without a filter the total is the maintained count (per account), not a COUNT(*) of the log.
      const count =
        user.userType !== USER_TYPES.employee && onlyFilters(qs, [])
          ? [{ n: await listCount(db, 'audit', user, {}) }]
          : (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log a WHERE ${cond}`, params)).rows;
      params.push(qs.pageSize, (qs.page - 1) * qs.pageSize);
      const { rows } = await db.query(
        `SELECT a.id, to_char(a.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "at", a.user_id AS "userId",
                a.username, a.action, a.resource, a.record_id AS "recordId", a.before, a.after, a.success, a.detail, a.ip
           FROM audit_log a WHERE ${cond} ORDER BY a.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { code: 200, data: { total: count[0].n, records: rows } };
    },
  );

  // Own profile (/main/settings/user): name, phone, avatar. The password has PUT /api/password.
  r.get('/api/profile', { schema: { tags: ['个人设置'], summary: '个人资料' } }, async (req) => {
    const { rows } = await db.query(
      `SELECT u.username, u.name, u.phone, u.avatar, u.user_type AS "userType", r.name AS "roleName",
              un.short_name AS "unitName", u.version
         FROM users u JOIN roles r ON r.id = u.role_id LEFT JOIN units un ON un.id = u.unit_id WHERE u.id = $1`,
      [currentUser(req).id],
    );
    return { code: 200, data: rows[0] };
  });
  r.put(
    '/api/profile',
    {
      schema: {
        tags: ['个人设置'],
        summary: '修改个人资料',
        body: z.object({
          name: z.string({ error: '必填项' }).trim().min(1, '必填项').max(30, '姓名不能超过30个字'),
          phone: z
            .string()
            .trim()
            .refine((v) => v === '' || MOBILE_PATTERN.test(v), '手机号码格式不正确')
            .nullable()
            .optional(),
          avatar: z.string().max(300).nullable().optional(),
          version: z.number({ error: '缺少版本号，请刷新后重试' }).int(),
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { name, phone, avatar, version } = req.body;
      await db.tx(async (q) => {
        const { rows } = await q.query<Record<string, unknown>>(
          'SELECT name, phone, avatar, version FROM users WHERE id = $1 FOR UPDATE',
          [user.id],
        );
        if (rows[0].version !== version) throw conflict();
        await q.query(
          'UPDATE users SET name = $2, phone = $3, avatar = $4, version = version + 1, updated_at = now() WHERE id = $1',
          [user.id, name, phone || null, avatar || null],
        );
        await writeAudit(q, req, {
          action: 'update',
          resource: 'profile',
          recordId: user.id,
          before: rows[0],
          after: { name, phone, avatar },
        });
      });
      return { code: 200, msg: '保存成功' };
    },
  );

  registerResourceRoutes(app, db, userResource, userHooks);
  registerResourceRoutes(app, db, expertResource);
  registerResourceRoutes(app, db, roleResource, roleHooks);
  registerResourceRoutes(app, db, accountResource, {
    ...accountHooks,
    // The live accounts of the scope, or of a unit's subtree: the maintained count of live employees.
    listCount: (q, user, query) =>
      user.userType !== USER_TYPES.employee && !query.deleted && onlyFilters(query.filters, ['unitId'])
        ? listCount(q, 'employees', user, { unitId: query.filters.unitId ? Number(query.filters.unitId) : undefined })
        : null,
  });
  registerResourceRoutes(app, db, unitResource, unitHooks);
  registerResourceRoutes(app, db, facilityResource);
  registerResourceRoutes(app, db, insuranceResource, insuranceHooks);
  registerResourceRoutes(app, db, dictResource);
  registerResourceRoutes(app, db, targetResource, targetHooks);
  registerResourceRoutes(app, db, helpResource, helpHooks);
  registerResourceRoutes(app, db, questionnaireResource);
  registerEmployeePicker(app, db);
}
