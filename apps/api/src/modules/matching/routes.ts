import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateMatchRequest, CreateMatchResponse, IdParams, MATCH_MESSAGES, MatchListResponse, MyMatchesResponse } from '@pledgeway/domain';
import { createMatchService } from './service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

/** A sponsor offers at most this many matches a minute (double submits included). */
const MATCH_OFFERS_PER_MINUTE = 30;

/** Matching pledges (decision 109): a sponsor's offer, a campaign's matches, the sponsor's own. */
export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  const matches = createMatchService(app.ctx);

  app.post(
    '/events/:id/matches',
    {
      preHandler: app.authenticate,
      config: {
        rateLimit: { max: MATCH_OFFERS_PER_MINUTE, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (request) => request.auth?.userId ?? request.ip },
      },
      schema: {
        tags: ['matching'],
        summary: 'Offer a match on a live campaign: charged at completion, min(cap, ratio × the matched pledges actually charged)',
        params: IdParams,
        body: CreateMatchRequest,
        response: { 201: CreateMatchResponse },
      },
    },
    async (request, reply) => {
      const match = await matches.offer(request.auth!.userId, request.params.id, request.body);
      return reply.status(201).send({ success: true as const, message: MATCH_MESSAGES.created, data: { match } });
    },
  );

  app.get(
    '/events/:id/matches',
    {
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['matching'],
        summary: 'The matches of a campaign, each with the match so far (or its fixed amount once charged) and its cap',
        params: IdParams,
        response: { 200: MatchListResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: { matches: await matches.forEvent(request.params.id, request.auth) } };
    },
  );

  app.get(
    '/matches/mine',
    { preHandler: app.authenticate, schema: { tags: ['matching'], summary: 'The matches the signed-in user offers', response: { 200: MyMatchesResponse } } },
    async (request) => ({ success: true as const, data: { matches: await matches.mine(request.auth!.userId) } }),
  );
};
