import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '@pledgeway/domain';
import {
  AdminCampaignsQuery,
  AdminCampaignsResponse,
  AdminChargeQueueResponse,
  AdminPledgesResponse,
  AdminReviewDetailResponse,
  AdminReviewQueueResponse,
} from '@pledgeway/domain/schemas/admin';
import { isSandbox } from '../../../providers/payments/index.ts';
import { createAdminCampaignsService } from './service.ts';

/** Campaigns, the review queue and the charging queue (the actions themselves are the life-cycle endpoints). */
export const adminCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminCampaignsService(app.ctx);
  const tags = ['admin'];

  app.get(
    '/campaigns',
    { schema: { tags, summary: 'Campaigns, searched, filtered and sorted', querystring: AdminCampaignsQuery, response: { 200: AdminCampaignsResponse } } },
    async (request) => ({
      success: true as const,
      data: await service.list(request.query),
    }),
  );

  app.get(
    '/campaigns/:id/pledges',
    { schema: { tags, summary: "A campaign's pledges", params: IdParams, response: { 200: AdminPledgesResponse } } },
    async (request) => ({
      success: true as const,
      data: { items: await service.pledges(request.params.id), sandbox: isSandbox(app.ctx.payments) },
    }),
  );

  app.get('/reviews', { schema: { tags, summary: 'Pending campaigns, oldest first', response: { 200: AdminReviewQueueResponse } } }, async () => ({
    success: true as const,
    data: { items: await service.reviewQueue() },
  }));

  app.get(
    '/reviews/:id',
    {
      schema: {
        tags,
        summary: 'A pending campaign with its creator and funding, for its review',
        params: IdParams,
        response: { 200: AdminReviewDetailResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.reviewDetail(request.params.id),
    }),
  );

  app.get(
    '/charging',
    { schema: { tags, summary: 'Completed campaigns waiting for the charge, and failed pledges', response: { 200: AdminChargeQueueResponse } } },
    async () => ({
      success: true as const,
      data: await service.chargeQueue(),
    }),
  );
};
