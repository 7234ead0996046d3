import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreatePayoutRequest, CreatePayoutResponse, PAYOUT_MESSAGES, PayoutsResponse } from '@pledgeway/domain';
import { createPayoutsService } from './service.ts';

/** GET and POST /api/admin/payouts: what each charity is owed and what was passed on. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPayoutsService(app.ctx);
  app.get(
    '/admin/payouts',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['payouts'], summary: 'Per charity: payable, paid and payout history', response: { 200: PayoutsResponse } },
    },
    async () => ({ success: true as const, data: { charities: await service.list() } }),
  );
  app.post(
    '/admin/payouts',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['payouts'],
        summary: 'Mark a payout sent (never more than payable)',
        body: CreatePayoutRequest,
        response: { 201: CreatePayoutResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true as const, message: PAYOUT_MESSAGES.recorded, data: await service.create(request.auth!, request.body) }),
  );
};
