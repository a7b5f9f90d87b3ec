import { accountResource, calendarDate, idParam } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, fieldError, forbidden } from '../../lib/errors';
import { pageQuery } from '../../lib/paging';
import { employeeScopeSql, unitInScope } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';

const dateString = calendarDate();

/** 员工调动 (/company/account/transfer): the transfer history and moving employees to another unit. */
export function transferRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
