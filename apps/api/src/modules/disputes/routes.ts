import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminDisputesResponse } from '@pledgeway/domain';
import { createDisputesService } from './service.ts';

/** GET /api/admin/disputes (admins only); the sandbox's way to decide one is payment-events/sandbox-routes.ts. */
export const disputesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDisputesService(app.ctx);
  app.get(
    '/admin/disputes',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['disputes'], summary: 'Disputes (chargebacks) of charged pledges, newest first', response: { 200: AdminDisputesResponse } },
    },
    async () => ({ success: true as const, data: await service.list() }),
  );
};
