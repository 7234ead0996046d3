import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CharityDonationRequest, CharityDonationResponse, IdParams } from '@pledgeway/domain';
import { createDonationsService } from './service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

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
        summary: 'Donate to a charity: charged at once with a card token from the card form',
        params: IdParams,
        body: CharityDonationRequest,
        response: { 201: CharityDonationResponse },
      },
    },
    async (request, reply) => {
      const { message, donation } = await service.donate(request.params.id, request.body, request.auth?.userId ?? null);
      return reply.status(201).send({ success: true as const, message, data: { donation } });
    },
  );
};
