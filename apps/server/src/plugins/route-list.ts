import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after registerRouteList, in order: what the route walk and fuzz tests cover. */
    routeList: RouteOptions[];
  }
}

/** Keeps the registered routes, so tests can walk all of them rather than a hand-kept list. */
export function registerRouteList(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
}
