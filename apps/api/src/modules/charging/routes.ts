import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, UpdatePledgeCardRequest, UpdatePledgeCardResponse } from '@pledgeway/domain';
import { REFUND_FUNDING_QUEUE, type RefundReason } from '../lifecycle/service.ts';
import { chargePledge, CHARGE_PLEDGE_QUEUE } from './charge-pledge.ts';
import { createFailedWindow, FAILED_PLEDGES_QUEUE, FAILED_PLEDGE_MESSAGES } from './failed-window.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { refundFunding } from './refunds.ts';
import { resumeInterruptedWork, MONEY_SWEEP_QUEUE } from './sweep.ts';

/** Charging's background work (one job per pledge, refunds, the failed-charge window) and the donor's card update. */
export const chargingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // One limiter per instance: every charge this process makes shares the provider's rate.
  const limiter = createRateLimiter(ctx.config.chargeRatePerSecond);
  const failedWindow = createFailedWindow(ctx, limiter);

  ctx.jobs.define<{ pledgeId: string }>(CHARGE_PLEDGE_QUEUE, async ({ pledgeId }) => void (await chargePledge(ctx, limiter, pledgeId)), { concurrency: 8 });
  ctx.jobs.define<{ pledgeId: string; reason: RefundReason }>(
    REFUND_FUNDING_QUEUE,
    async ({ pledgeId, reason }) => void (await refundFunding(ctx, pledgeId, reason)),
  );
  ctx.jobs.define(FAILED_PLEDGES_QUEUE, () => failedWindow.run(), { cron: '*/10 * * * *', retryLimit: 1 });
  ctx.jobs.define(MONEY_SWEEP_QUEUE, () => resumeInterruptedWork(ctx), { cron: '*/10 * * * *', retryLimit: 1 });

  app.post(
    '/pledges/:id/payment-method',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['pledges'],
        summary: "A failed pledge's donor gives another card; the charge is retried at once",
        params: IdParams,
        body: UpdatePledgeCardRequest,
        response: { 200: UpdatePledgeCardResponse },
      },
    },
    async (request) => {
      const result = await failedWindow.updateCard(request.auth!, request.params.id, request.body.payment_method_id);
      const charged = result.status === 'charged';
      return {
        success: true as const,
        message: charged ? FAILED_PLEDGE_MESSAGES.charged : `${FAILED_PLEDGE_MESSAGES.stillFailing}: ${result.failure_reason ?? ''}`.trim(),
        data: { _id: request.params.id, status: result.status as never, failure_reason: result.failure_reason },
      };
    },
  );
};
