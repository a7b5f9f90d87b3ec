import { calendarDate, MOBILE_PATTERN, USER_TYPES } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { listCount, onlyFilters, orderBySql, pageQuery, sortOf, sortQuery } from '../../lib/paging';
import { unitScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';

const dateString = calendarDate();

/** The audit log (/main/oplog) and the signed-in account's own profile (/main/settings/user). */
export function oplogProfileRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
          ...sortQuery,
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
      // 时间 is the id's order (the primary key serves both directions).
      const order = orderBySql({ at: { notNull: 'a.id' } }, sortOf(qs), 'a.id DESC', 'a.id DESC');
      // Without a filter the total is the maintained count (per account), not a COUNT(*) of the log.
      const count =
        user.userType !== USER_TYPES.employee && onlyFilters(qs, [])
          ? [{ n: await listCount(db, 'audit', user, {}) }]
          : (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log a WHERE ${cond}`, params)).rows;
      params.push(qs.pageSize, (qs.page - 1) * qs.pageSize);
      const { rows } = await db.query(
        `SELECT a.id, to_char(a.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "at", a.user_id AS "userId",
                a.username, (SELECT u.name FROM users u WHERE u.id = a.user_id) AS "name",
                a.action, a.resource, a.record_id AS "recordId", a.before, a.after, a.success, a.detail, a.ip
           FROM audit_log a WHERE ${cond} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
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
}
