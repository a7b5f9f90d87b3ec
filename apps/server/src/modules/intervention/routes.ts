import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** 干预模型 and 干预任务 (issue 12). */
export async function interventionRoutes(_app: FastifyInstance, _ctx: AppContext) {}
