import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHARGE_HOLD_MESSAGES,
  ChargeHoldRequest,
  ChargeHoldResponse,
  ChargeRunResponse,
  ConfirmPledgeChargeRequest,
  IdParams,
  PledgeAuthenticationResponse,
  UpdatePledgeCardRequest,
  UpdatePledgeCardResponse,
} from '@pledgeway/domain';
import { REFUND_FUNDING_QUEUE, type RefundReason } from '../lifecycle/index.ts';
import { ATTEMPT_LEASE_MS } from './attempts.ts';
import { CHARGE_BATCH, chargePledges, CHARGE_PLEDGE_QUEUE, CHARGE_WORKERS } from './charge-pledge.ts';
import { chargeDueCampaigns, DEADLINE_CHARGES_QUEUE } from './deadline.ts';
import { createPledgeAuthentication } from './authenticate.ts';
import { createChargeHolds } from './holds.ts';
import { createChargeRuns } from './runs.ts';
import { createFailedWindow, FAILED_PLEDGES_QUEUE, FAILED_PLEDGE_MESSAGES } from './failed-window.ts';
import { createRateLimiter, createSharedRateLimiter, providerAccount } from './rate-limiter.ts';
import { refundFunding } from './refunds.ts';
import { resumeInterruptedWork, MONEY_SWEEP_QUEUE } from './sweep.ts';

/**
 * Charging's background work (one job per pledge, refunds, the failed-charge window, the deadline
 * charge of Money Bomb and Crowdfunding), the admin's hold on a deadline charge, and the donor's card update.
 */
export const chargingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // The provider counts requests per account: on PostgreSQL every instance takes its slots from one
  // row (decision 195); the embedded database has one process, which spaces its own.
  const perSecond = ctx.config.chargeRatePerSecond ?? ctx.payments.requestsPerSecond;
  const limiter =
    ctx.database.driver === 'postgres'
      ? createSharedRateLimiter(ctx.database, providerAccount(ctx.config.stripeSecretKey), perSecond)
      : createRateLimiter(perSecond);
  const failedWindow = createFailedWindow(ctx, limiter);

  ctx.jobs.defineBatch<{ pledgeId: string }>(
    CHARGE_PLEDGE_QUEUE,
    async (jobs) => {
      const results = await chargePledges(
        ctx,
        limiter,
        jobs.map(({ pledgeId }) => pledgeId),
      );
      // Another worker holds an attempt: look again once its claim can have lapsed, in case that worker died.
      const held = jobs.filter((_, nth) => results[nth]!.status === 'fulfilled' && (results[nth] as PromiseFulfilledResult<string>).value === 'in_flight');
      await Promise.all(held.map((job) => ctx.jobs.send(CHARGE_PLEDGE_QUEUE, job, { startAfterSeconds: ATTEMPT_LEASE_MS / 1000 })));
      return results;
    },
    // Batches of CHARGE_BATCH jobs, CHARGE_WORKERS batches at once (decision 107), each read, claimed and booked together (decision 117).
    { concurrency: CHARGE_WORKERS, batchSize: CHARGE_BATCH },
  );
  ctx.jobs.define<{ pledgeId: string; reason: RefundReason }>(REFUND_FUNDING_QUEUE, async ({ pledgeId, reason }) => {
    // Another job holds this refund: look again once its claim can have lapsed, in case that job died.
    if ((await refundFunding(ctx, pledgeId, reason)) === 'in_flight') {
      await ctx.jobs.send(REFUND_FUNDING_QUEUE, { pledgeId, reason }, { startAfterSeconds: ATTEMPT_LEASE_MS / 1000 });
    }
  });
  ctx.jobs.define(FAILED_PLEDGES_QUEUE, () => failedWindow.run(), { cron: '*/10 * * * *', retryLimit: 1 });
  ctx.jobs.define(MONEY_SWEEP_QUEUE, () => resumeInterruptedWork(ctx), { cron: '*/10 * * * *', retryLimit: 1 });
  // Every minute, so a money bomb is charged within a minute of its deadline.
  ctx.jobs.define(DEADLINE_CHARGES_QUEUE, async () => void (await chargeDueCampaigns(ctx)), { cron: '* * * * *', retryLimit: 1 });

  const runs = createChargeRuns(ctx);
  app.get(
    '/events/:id/charge-run',
    {
      preHandler: app.authenticate,
      schema: { tags: ['life-cycle'], summary: "A campaign's charge run, for its creator and admins", params: IdParams, response: { 200: ChargeRunResponse } },
    },
    async (request) => ({ success: true as const, data: await runs.forEvent(request.auth!, request.params.id) }),
  );

  registerHoldRoutes(app);
  registerAuthenticationRoutes(app);

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

/** The admin's hold on a crowdfunding campaign's deadline charge. */
function registerHoldRoutes(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const ctx = app.ctx;
  const holds = createChargeHolds(ctx);
  const admin = { onRequest: app.requireAdmin };
  const tags = ['life-cycle'];
  app.get(
    '/admin/events/:id/charge-hold',
    {
      ...admin,
      schema: { tags, summary: "A crowdfunding campaign's hold on its deadline charge, if any", params: IdParams, response: { 200: ChargeHoldResponse } },
    },
    async (request) => {
      const hold = await holds.get(request.params.id);
      return { success: true as const, message: hold ? CHARGE_HOLD_MESSAGES.held : CHARGE_HOLD_MESSAGES.notHeld, data: hold };
    },
  );
  app.post(
    '/admin/events/:id/charge-hold',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Hold a crowdfunding campaign for review: its deadline run waits for an admin',
        params: IdParams,
        body: ChargeHoldRequest.nullish(),
        response: { 200: ChargeHoldResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: CHARGE_HOLD_MESSAGES.held,
      data: await holds.hold(request.auth!, request.params.id, request.body?.reason ?? ''),
    }),
  );
  app.delete(
    '/admin/events/:id/charge-hold',
    { ...admin, schema: { tags, summary: 'Lift the hold; a run kept waiting starts charging', params: IdParams, response: { 200: ChargeHoldResponse } } },
    async (request) => {
      const { started } = await holds.release(request.auth!, request.params.id);
      return { success: true as const, message: started ? CHARGE_HOLD_MESSAGES.releasedAndStarted : CHARGE_HOLD_MESSAGES.released, data: null };
    },
  );
}

/** The on-site confirmation of a pledge's charge the bank asked its supporter to authenticate (decision 260). */
function registerAuthenticationRoutes(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const authentication = createPledgeAuthentication(app.ctx);
  const tags = ['pledges'];
  app.get(
    '/pledges/:id/authentication',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'My failed pledge whose charge waits for my bank’s confirmation: what is to be paid, and what the browser needs to confirm it',
        operationId: 'getPledgeAuthentication',
        params: IdParams,
        response: { 200: PledgeAuthenticationResponse },
      },
    },
    async (request) => ({ success: true as const, data: { authentication: await authentication.view(request.auth!.userId, request.params.id) } }),
  );
  app.post(
    '/pledges/:id/authenticate',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'After my bank’s check in the browser: book my pledge’s charge once if it went through',
        operationId: 'authenticatePledgeCharge',
        params: IdParams,
        body: ConfirmPledgeChargeRequest,
        response: { 200: PledgeAuthenticationResponse },
      },
    },
    async (request) => {
      const done = await authentication.confirm(request.auth!.userId, request.params.id, request.body);
      return { success: true as const, message: done.message, data: { authentication: done.authentication } };
    },
  );
}
