import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, RAISE_MESSAGES, RaisePledgeRequest, RaisePledgeResponse } from '@pledgeway/domain';
import { PLEDGES_PER_MINUTE } from './create-service.ts';
import { IdempotencyHeaders } from './pledge-routes.ts';
import { createRaiseService } from './raise-service.ts';

/** Bidding Power: POST /api/pledges/{id}/raise. */
export const raiseRoutes: FastifyPluginAsyncZod = async (app) => {
  const raises = createRaiseService(app.ctx);

  app.post(
    '/pledges/:id/raise',
    {
      preHandler: app.authenticate,
      config: {
        rateLimit: {
          max: PLEDGES_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => request.auth?.userId ?? request.ip,
        },
      },
      schema: {
        tags: ['pledges'],
        summary: 'Raise your own pending pledge: the fees are computed again, the card is still charged only when the campaign is completed',
        params: IdParams,
        headers: IdempotencyHeaders,
        body: RaisePledgeRequest,
        response: { 200: RaisePledgeResponse },
      },
    },
    async (request) => {
      const outcome = await raises.raise(request.auth!.userId, request.params.id, request.body, request.headers['idempotency-key']);
      return { success: true as const, message: RAISE_MESSAGES.raised, data: { pledge: outcome.pledge, previous_amount: outcome.previousAmount } };
    },
  );
};
