import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** 膳食处方 and 运动处方: generation, review, issue, effect (issue 12). */
export async function prescriptionRoutes(_app: FastifyInstance, _ctx: AppContext) {}
