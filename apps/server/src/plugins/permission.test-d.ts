/** Type-level test, checked by `npm run typecheck` (tsc -p apps/server): a route's permission is a declared code. */
import type { FastifyInstance } from 'fastify';

export function routes(app: FastifyInstance) {
  app.get('/api/sample', { config: { permission: 'facility:add' } }, async () => ({ code: 200 }));
  // @ts-expect-error a typo in a route's permission
  app.get('/api/sample2', { config: { permission: 'facility:ad' } }, async () => ({ code: 200 }));
}
