import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '@pledgeway/domain';
import { sendCsv } from '../admin/index.ts';
import { exportableCampaign, supportersCsv } from './supporters.ts';

/** Exports for a host's own tools (decision 149): streamed CSV, names as chosen, e-mails only where shared. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/supporters.csv',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'pledges:read' },
      schema: {
        tags: ['exports'],
        operationId: 'exportCampaignSupporters',
        summary: "Your campaign's supporters as CSV: names as they chose them, e-mails only where they agreed to share them with you",
        params: IdParams,
        response: { 200: z.string().describe('CSV (RFC 4180) with a header line') },
      },
    },
    async (request, reply) => {
      const campaign = await exportableCampaign(app.ctx.db, request.params.id, request.auth!);
      return sendCsv(reply, `supporters-${campaign.id.slice(0, 8)}`, supportersCsv(app.ctx.db, campaign.id));
    },
  );
};
