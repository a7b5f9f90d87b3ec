import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** 膳食库: 食材、菜品、食谱、中医食疗、膳食原则 (issue 12). */
export async function dietLibraryRoutes(_app: FastifyInstance, _ctx: AppContext) {}
