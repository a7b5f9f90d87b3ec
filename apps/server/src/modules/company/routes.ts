import { API_PERMISSIONS } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app';
import { forbidden, notFound } from '../../lib/errors';
import { unitInScope } from '../../lib/scope';
import { currentUser } from '../../plugins/auth';
import { buildUnitTree, unitsInScope } from './queries';

const treeNode: z.ZodType<{ id: number; name: string; shortName?: string; children: unknown[] }> = z.lazy(() =>
  z.object({ id: z.number(), name: z.string(), shortName: z.string().optional(), children: z.array(treeNode) }),
);

const unitSchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  shortName: z.string(),
  sortOrder: z.number(),
});

export async function companyRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/company/tree',
    {
      config: { permission: API_PERMISSIONS.unitTree },
      schema: {
        tags: ['单位'],
        summary: '单位树（限于账号的单位范围）',
        querystring: z.object({
          user_type: z.coerce
            .number({ error: 'user_type 应为 1 至 4' })
            .int('user_type 应为 1 至 4')
            .min(1, 'user_type 应为 1 至 4')
            .max(4, 'user_type 应为 1 至 4')
            .optional(),
        }),
        response: { 200: z.object({ code: z.literal(200), data: z.array(treeNode) }) },
      },
    },
    async (req) => {
      const rows = await unitsInScope(db, currentUser(req), req.query.user_type);
      return { code: 200 as const, data: buildUnitTree(rows) };
    },
  );

  r.get(
    '/api/company/company/:id',
    {
      config: { permission: API_PERMISSIONS.unitTree },
      schema: {
        tags: ['单位'],
        summary: '单位详情',
        params: z.object({
          id: z.coerce.number({ error: '单位编号无效' }).int('单位编号无效').positive('单位编号无效'),
        }),
        response: { 200: z.object({ code: z.literal(200), data: unitSchema }) },
      },
    },
    async (req) => {
      const { rows } = await db.query<{
        id: number;
        parent_id: number | null;
        name: string;
        short_name: string;
        sort_order: number;
        path: string;
      }>('SELECT id, parent_id, name, short_name, sort_order, path FROM units WHERE id = $1 AND deleted_at IS NULL', [
        req.params.id,
      ]);
      const unit = rows[0];
      if (!unit) throw notFound('单位不存在');
      if (!unitInScope(currentUser(req), unit.path)) throw forbidden('无权访问该单位的数据');
      return {
        code: 200 as const,
        data: {
          id: unit.id,
          parentId: unit.parent_id,
          name: unit.name,
          shortName: unit.short_name,
          sortOrder: unit.sort_order,
        },
      };
    },
  );
}
