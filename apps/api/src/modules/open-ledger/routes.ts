import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, OpenLedgerDownload, OpenLedgerQuery, OpenLedgerResponse } from '@pledgeway/domain';
import { sendCsv } from '../admin/index.ts';
import { csvStream, jsonStream } from './download-stream.ts';
import { createOpenLedgerService } from './service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

/**
 * Downloads a visitor who is not signed in may start per minute from one address, of each format,
 * counted in the database so the limit holds across instances (a 429 with Retry-After
 * past it). A campaign's creator, its admins and other signed-in readers are not limited.
 */
export const ANONYMOUS_DOWNLOADS_PER_MINUTE = 10;

const downloadLimit = {
  rateLimit: {
    max: ANONYMOUS_DOWNLOADS_PER_MINUTE,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `open-ledger-download:${request.ip}`,
    allowList: (request: FastifyRequest) => Boolean(request.auth),
  },
};

/** Sends the JSON download as it is written: the stream bypasses the serializer (the schema above documents its shape). */
function sendJson(reply: FastifyReply, name: string, json: Readable) {
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.json"`)
    .header('cache-control', 'no-store')
    .send(json);
}

/** GET /api/events/{id}/money and its downloads: a campaign's open ledger (decision 112). */
export const openLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ledger = createOpenLedgerService(app.ctx);

  app.get(
    '/events/:id/money',
    {
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['open ledger'],
        summary: 'Every movement of a campaign’s money, newest first, with totals equal to its page’s (anonymous donors stay anonymous)',
        params: IdParams,
        querystring: OpenLedgerQuery,
        response: { 200: OpenLedgerResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: await ledger.page(request.params.id, request.auth, request.query) };
    },
  );

  app.get(
    '/events/:id/money.json',
    {
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['open ledger'],
        summary: 'The whole open ledger as JSON: `npm run ledger:recompute -- <file>` recomputes its totals',
        params: IdParams,
        response: { 200: OpenLedgerDownload },
      },
      config: downloadLimit,
    },
    async (request, reply) => sendJson(reply, `campaign-money-${request.params.id}`, jsonStream(await ledger.download(request.params.id, request.auth))),
  );

  app.get(
    '/events/:id/money.csv',
    {
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['open ledger'],
        summary: 'The whole open ledger as CSV, one line per movement, amounts in dollars',
        params: IdParams,
        response: { 200: z.string().describe('text/csv') },
      },
      config: downloadLimit,
    },
    async (request, reply) => sendCsv(reply, `campaign-money-${request.params.id}`, csvStream(await ledger.download(request.params.id, request.auth))),
  );
};
