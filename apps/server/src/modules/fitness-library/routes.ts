import { fitnessItemResource, fitnessPrincipleResource, fitnessTemplateResource } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerResourceRoutes } from '../../crud/register-resource-routes';
import { fitnessItemHooks, fitnessTemplateHooks } from './hooks';

/**
 * 运动库: 运动项目、运动模板、运动原则 (issue 12) — declared catalogues, each also answering its seed shape at
 * GET /api/fitness/{items,template,principles} (seedView).
 */
export async function fitnessLibraryRoutes(app: FastifyInstance, { db }: AppContext) {
  registerResourceRoutes(app, db, fitnessItemResource, fitnessItemHooks);
  registerResourceRoutes(app, db, fitnessTemplateResource, fitnessTemplateHooks);
  registerResourceRoutes(app, db, fitnessPrincipleResource);
}
