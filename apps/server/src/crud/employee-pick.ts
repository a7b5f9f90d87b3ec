import { maskIdCard } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../db/client';
import { employeeScopeSql } from '../lib/scope';
import { currentUser } from '../plugins/auth';

/** Employees a picker offers at most. */
const PICK_LIMIT = 20;

/**
 * The employee picker of 'employee' fields: `GET /api/employees/pick?q=` finds employees in the account's
 * scope (a regular staff account: only itself) by name (contains), ID number or staff number (exact, or
 * the start of either), at most 20, answering `{id, name, unitName, idCardMasked, staffNo}`. Any signed-in
 * account may ask: the scope is what limits it, as on every person-scoped resource.
 */
export function registerEmployeePicker(app: FastifyInstance, db: Queryable) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/employees/pick',
    {
      schema: {
        tags: ['员工'],
        summary: '选择员工（按姓名、身份证号或工号搜索）',
        querystring: z.object({
          q: z.string().trim().max(50, '搜索内容过长').optional(),
          id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [];
      const where = ['e.deleted_at IS NULL', employeeScopeSql(user, 'e.id', params)];
      const { q, id } = req.query;
      if (id) {
        // The label of a value already chosen (a form opened for editing).
        params.push(id);
        where.push(`e.id = $${params.length}`);
      } else if (q) {
        params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(
          `(e.name ILIKE $${params.length - 1} OR e.id_card LIKE upper($${params.length}) OR e.job_no LIKE $${params.length})`,
        );
      }
      params.push(PICK_LIMIT);
      const { rows } = await db.query<{ id: number; name: string; unitName: string; idCard: string; staffNo: string }>(
        `SELECT e.id, e.name, u.short_name AS "unitName", e.id_card AS "idCard", e.job_no AS "staffNo"
           FROM employees e JOIN units u ON u.id = e.unit_id
          WHERE ${where.join(' AND ')} ORDER BY e.name, e.id LIMIT $${params.length}`,
        params,
      );
      return {
        code: 200,
        data: rows.map(({ idCard, ...r }) => ({ ...r, id: Number(r.id), idCardMasked: maskIdCard(idCard) })),
      };
    },
  );
}
