import {
  cookbookResource,
  dietPrincipleResource,
  dishResource,
  dtcmResource,
  idParams,
  ingredientResource,
} from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { registerResourceRoutes } from '../../crud/register-resource-routes';
import { cookbookPlan } from '../../lib/cookbook-plan';
import { notFound } from '../../lib/errors';
import { cookbookHooks, dishHooks, ingredientHooks } from './hooks';

/** 膳食库: 食材、菜品、食谱、中医食疗、膳食原则 (issue 12). */
export async function dietLibraryRoutes(app: FastifyInstance, { db }: AppContext) {
  registerResourceRoutes(app, db, ingredientResource, ingredientHooks);
  registerResourceRoutes(app, db, dishResource, dishHooks);
  registerResourceRoutes(app, db, cookbookResource, cookbookHooks);
  registerResourceRoutes(app, db, dtcmResource);
  registerResourceRoutes(app, db, dietPrincipleResource);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/main/diet/cookbook/:id/plan',
    {
      config: { permission: cookbookResource.permissions.list },
      schema: { tags: [cookbookResource.label], summary: '食谱每日能量与营养素', params: idParams },
    },
    async (req) => {
      const plan = await cookbookPlan(db, req.params.id);
      if (!plan) throw notFound('食谱不存在');
      return { code: 200, data: plan };
    },
  );
}
