import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreatePledgeRequest, CreatePledgeResponse, IdParams, PLEDGE_FORM_MESSAGES, SupportersResponse } from '@pledgeway/domain';
import { createPledgeService } from './create-service.ts';
import { createSupportersService, SUPPORTERS_PAGE_SIZE } from './supporters-service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

export const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(255, 'Idempotency-Key must be at most 255 characters').optional(),
});

const SupportersQuery = z.object({ offset: z.coerce.number().int().min(0).default(0) });

/** Supporters' pledges on a campaign, and the public list of supporters. */
export const pledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const pledges = createPledgeService(app.ctx);
  const supporters = createSupportersService(app.ctx);

  app.post(
    '/events/:id/pledges',
    {
      preHandler: app.requireToken,
      config: {
        sessionCheckedByRoute: true,
        // The supporter's pledge limit (PLEDGES_PER_MINUTE) is counted by the pledge's own write (decision 119).
        changesOnlyTotals: true,
      },
      schema: {
        tags: ['pledges'],
        summary: 'Pledge to a live campaign: the card is saved and charged only when the campaign is completed',
        params: IdParams,
        headers: IdempotencyHeaders,
        body: CreatePledgeRequest,
        response: { 201: CreatePledgeResponse },
      },
    },
    async (request, reply) => {
      const { pledge } = await pledges.create(request.token!, request.params.id, request.body, request.headers['idempotency-key']);
      return reply.status(201).send({ success: true as const, message: PLEDGE_FORM_MESSAGES.created, data: { pledge } });
    },
  );

  app.get(
    '/events/:id/supporters',
    {
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['pledges'],
        summary: `Supporters, newest first, ${SUPPORTERS_PAGE_SIZE} a page (names hidden for anonymous pledges)`,
        params: IdParams,
        querystring: SupportersQuery,
        response: { 200: SupportersResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: await supporters.list(request.params.id, request.auth, request.query.offset) };
    },
  );
};
