import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSerialised } from '../../lib/send-json.ts';
import { z } from 'zod';
import { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { AllActiveQuery, NEXT_OFFSET_HEADER } from '@pledgeway/domain/schemas/public';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

/**
 * GET /api/events/allActive: a plain array of live campaigns (docs/product.md#7-api-calls). Paging is optional and
 * travels in headers (docs/decisions/030-public-campaign-list-paging.md) so the body keeps
 * the shape of docs/product.md#7-api-calls: `x-next-offset` names the next page's offset and is absent on the last page.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/allActive',
    {
      logLevel: 'warn',
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['campaigns'],
        summary: 'Live campaigns for the public lists',
        querystring: AllActiveQuery,
        response: { 200: z.array(EventSummaryResponse) },
      },
    },
    async (request, reply) => {
      const { kind, category, sort, phase, limit, offset } = request.query;
      const page = await app.ctx.publicReads.list({ kind, category, sort, phase, limit, offset }, request.auth?.userId);
      if (page.nextOffset !== undefined) reply.header(NEXT_OFFSET_HEADER, String(page.nextOffset));
      reply.header('cache-control', 'public, max-age=30');
      // Serialised through the response schema when the page was cached.
      return sendSerialised(request, reply, page.body);
    },
  );
};
