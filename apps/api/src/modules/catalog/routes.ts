import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { AllActiveQuery, NEXT_OFFSET_HEADER } from '@pledgeway/domain/schemas/public';
import { toEventSummaries } from '../events/read-model.ts';
import { listPublicCampaigns } from './repository.ts';

/**
 * GET /api/events/allActive: SPEC.md's plain array of live campaigns. Paging is optional and
 * travels in headers (docs/decisions/030-public-campaign-list-paging.md) so the body keeps
 * SPEC.md's shape: `x-next-offset` names the next page's offset and is absent on the last page.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/allActive',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Live campaigns for the public lists',
        querystring: AllActiveQuery,
        response: { 200: z.array(EventSummaryResponse) },
      },
    },
    async (request, reply) => {
      const { kind, sort, phase, limit, offset } = request.query;
      // One extra row tells whether another page exists without a count query.
      const rows = await listPublicCampaigns(app.ctx.db, { kind, sort, phase, limit: limit + 1, offset, now: new Date() });
      const page = rows.slice(0, limit);
      if (rows.length > limit) reply.header(NEXT_OFFSET_HEADER, String(offset + limit));
      reply.header('cache-control', 'public, max-age=30');
      return toEventSummaries(app.ctx.db, page);
    },
  );
};
