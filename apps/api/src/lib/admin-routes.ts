import type { FastifyInstance } from 'fastify';

/**
 * The admin check on every route `app` registers from here on, before the route's own onRequest
 * hooks: what `app.addHook('onRequest', app.requireAdmin)` does, but declared on each route, where
 * the OpenAPI document sees it (decision 185).
 */
export function requireAdminOnEachRoute(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own = [route.onRequest ?? []].flat();
    if (!own.includes(app.requireAdmin)) route.onRequest = [app.requireAdmin, ...own];
  });
}
