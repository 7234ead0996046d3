import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CharityDonationRequest, CharityDonationResponse, IdParams } from '@pledgeway/domain';
import { z } from 'zod';
import { createDonationsService } from './service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

/** With a saved payment method, the donor's retry of one donation sends the same key (decision 160). */
const DonationHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(200, 'Idempotency-Key must be at most 200 characters').optional(),
});

/** Donations to a charity, open to visitors; a few a minute per address. */
export const donationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDonationsService(app.ctx);

  app.post(
    '/charities/:id/donations',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['charities'],
        summary: 'Donate to a charity: charged at once with a card token from the card form, or a saved payment method when signed in',
        params: IdParams,
        headers: DonationHeaders,
        body: CharityDonationRequest,
        response: { 201: CharityDonationResponse },
      },
    },
    async (request, reply) => {
      const { message, donation } = await service.donate(request.params.id, request.body, request.auth?.userId ?? null, request.headers['idempotency-key']);
      return reply.status(201).send({ success: true as const, message, data: { donation } });
    },
  );
};
