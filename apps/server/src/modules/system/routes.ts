import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';

/** How long /api/health waits for the database before calling it down. */
export const HEALTH_DB_TIMEOUT_MS = 2000;

export async function systemRoutes(app: FastifyInstance, { db }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['系统'],
        summary: '健康检查（负载均衡与监控用）：数据库无响应时 503',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: z.object({ code: z.literal(503), msg: z.string() }),
        },
      },
    },
    async () => {
      // A database that does not answer (PGlite held by a long transaction, PostgreSQL unreachable or out of
      // connections) makes the instance unhealthy, so a load balancer stops sending it work.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), HEALTH_DB_TIMEOUT_MS);
      });
      try {
        const answer = await Promise.race([db.query('SELECT 1').then(() => 'ok' as const), timeout]);
        if (answer === 'timeout') throw new AppError(503, '数据库无响应，服务暂不可用');
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError(503, '数据库连接失败，服务暂不可用');
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok' as const, database: db.kind };
    },
  );
}
