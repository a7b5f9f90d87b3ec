import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** 运动库: 运动项目、运动模板、运动原则 (issue 12). */
export async function fitnessLibraryRoutes(_app: FastifyInstance, _ctx: AppContext) {}
