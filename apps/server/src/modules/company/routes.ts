import { API_PERMISSIONS, USER_TYPES } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { buildUnitTree, unitsInScope } from './queries';

const treeNode: z.ZodType<{ id: number; name: string; shortName?: string; children: unknown[] }> = z.lazy(() =>
  z.object({ id: z.number(), name: z.string(), shortName: z.string().optional(), children: z.array(treeNode) }),
);
// A recursive schema must be a named component for the OpenAPI document's $ref to itself to resolve.
z.globalRegistry.add(treeNode, { id: 'UnitTreeNode' });

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
            .min(USER_TYPES.companyAdmin, 'user_type 应为 1 至 4')
            .max(USER_TYPES.employee, 'user_type 应为 1 至 4')
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
}
