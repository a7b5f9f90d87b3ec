import {
  accountResource,
  dictResource,
  expertResource,
  facilityResource,
  helpResource,
  idParams,
  insuranceResource,
  KNOWN_PERMISSIONS,
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
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listCount, onlyFilters, pageQuery } from '../../lib/paging';
import { hashPassword } from '../../lib/password';
import { unitScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { oplogProfileRoutes } from './oplog-profile-routes';
import {
  accountHooks,
  helpHooks,
  insuranceHooks,
  roleHooks,
  targetHooks,
  unitHooks,
  userHooks,
} from './resource-hooks';
import { transferRoutes } from './transfer-routes';

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
                  must_change_password = true, version = version + 1, updated_at = now() WHERE id = $1`,
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

  transferRoutes(app, db);
  oplogProfileRoutes(app, db);

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
