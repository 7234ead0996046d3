import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, OPEN_LEDGER_CSV_COLUMNS, OpenLedgerDownload, OpenLedgerQuery, OpenLedgerResponse } from '@pledgeway/domain';
import { sendCsv } from '../admin/csv-reply.ts';
import { toCsv } from '../admin/sql.ts';
import { createOpenLedgerService } from './service.ts';

/** GET /api/events/{id}/money and its downloads: a campaign's open ledger (decision 112). */
export const openLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ledger = createOpenLedgerService(app.ctx);

  app.get(
    '/events/:id/money',
    {
      schema: {
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
        tags: ['open ledger'],
        summary: 'The whole open ledger as JSON: `npm run ledger:recompute -- <file>` recomputes its totals',
        params: IdParams,
        response: { 200: OpenLedgerDownload },
      },
    },
    async (request, reply) => {
      const download = await ledger.download(request.params.id, request.auth);
      reply.header('content-disposition', `attachment; filename="campaign-money-${request.params.id}.json"`).header('cache-control', 'no-store');
      return download;
    },
  );

  app.get(
    '/events/:id/money.csv',
    {
      schema: {
        tags: ['open ledger'],
        summary: 'The whole open ledger as CSV, one line per movement, amounts in dollars',
        params: IdParams,
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const download = await ledger.download(request.params.id, request.auth);
      const rows = download.lines.map((line) => OPEN_LEDGER_CSV_COLUMNS.map((column) => line[column]));
      return sendCsv(reply, `campaign-money-${request.params.id}`, toCsv([...OPEN_LEDGER_CSV_COLUMNS], rows));
    },
  );
};
