import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminMonthlyGivingResponse,
  ChangeMonthlyAmountRequest,
  ChangeMonthlyCardRequest,
  ConfirmMonthlyChargeRequest,
  IdParams,
  MonthlyChargeIdParams,
  MonthlyConfirmationResponse,
  MonthlyEmailSharingRequest,
  MonthlyGiftResponse,
  MonthlyGiftsResponse,
  PauseMonthlyGiftRequest,
  StartMonthlyGiftRequest,
} from '@pledgeway/domain';
import { isSandbox } from '../../providers/payments/index.ts';
import { monthlyGivingForAdmins } from './admin.ts';
import { createMonthlyConfirmation } from './confirm.ts';
import { MONTHLY_GIFTS_QUEUE, runMonthlyGifts } from './schedule.ts';
import { createMonthlyGivingService } from './service.ts';

/**
 * Monthly giving (decision 140): a signed-in supporter's gifts to charities, charged each month by
 * the platform's own schedule, and the supporter's changes. Every change answers with the gift.
 */
const tags = ['monthly-giving'];

/** A gift's answer: what was done, said in words, and the gift as it is now. */
const answer = ({ message, gift }: { message: string; gift: z.infer<typeof MonthlyGiftResponse>['data']['gift'] }) => ({
  success: true as const,
  message,
  data: { gift },
});

export const monthlyGivingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const service = createMonthlyGivingService(ctx);
  // Hourly: a charge date is a day, so a gift is charged within an hour of midnight UTC; a run also retries what is due.
  ctx.jobs.define(MONTHLY_GIFTS_QUEUE, async () => void (await runMonthlyGifts(ctx)), { cron: '11 * * * *', retryLimit: 1 });

  const auth = { preHandler: app.authenticate };

  registerStart();

  app.get(
    '/monthly-gifts',
    { ...auth, schema: { tags, summary: 'My monthly gifts, with their charges, newest first', response: { 200: MonthlyGiftsResponse } } },
    async (request) => ({ success: true as const, data: { gifts: await service.list(request.auth!.userId) } }),
  );

  app.put(
    '/monthly-gifts/:id/amount',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Change the amount and tip, from the next charge',
        params: IdParams,
        body: ChangeMonthlyAmountRequest,
        response: { 200: MonthlyGiftResponse },
      },
    },
    async (request) => answer(await service.changeAmount(request.auth!.userId, request.params.id, request.body)),
  );

  app.put(
    '/monthly-gifts/:id/card',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Charge the gift to another saved card; an unpaid month is tried again on it at once',
        params: IdParams,
        body: ChangeMonthlyCardRequest,
        response: { 200: MonthlyGiftResponse },
      },
    },
    async (request) => answer(await service.changeCard(request.auth!.userId, request.params.id, request.body)),
  );

  app.post(
    '/monthly-gifts/:id/pause',
    {
      ...auth,
      schema: { tags, summary: 'Skip the next 1–3 monthly charges', params: IdParams, body: PauseMonthlyGiftRequest, response: { 200: MonthlyGiftResponse } },
    },
    async (request) => answer(await service.pause(request.auth!.userId, request.params.id, request.body)),
  );

  app.post(
    '/monthly-gifts/:id/resume',
    { ...auth, schema: { tags, summary: 'Resume a paused gift from its next charge date', params: IdParams, response: { 200: MonthlyGiftResponse } } },
    async (request) => answer(await service.resume(request.auth!.userId, request.params.id)),
  );

  app.post(
    '/monthly-gifts/:id/cancel',
    { ...auth, schema: { tags, summary: 'Cancel at once: nothing more is charged', params: IdParams, response: { 200: MonthlyGiftResponse } } },
    async (request) => answer(await service.cancel(request.auth!.userId, request.params.id)),
  );

  registerConfirmation();
  registerAdminView();
  registerEmailSharing();
  registerSandboxAdvance();

  /** A supporter starts a gift: its first month is charged at once, so starts are limited per person. */
  function registerStart() {
    app.post(
      '/charities/:id/monthly-gifts',
      {
        ...auth,
        config: {
          rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (request) => (request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`) },
        },
        schema: {
          tags,
          summary: 'Give monthly to a charity: this month is charged at once, then each month on the charge day',
          params: IdParams,
          body: StartMonthlyGiftRequest,
          response: { 201: MonthlyGiftResponse },
        },
      },
      async (request, reply) => reply.status(201).send(answer(await service.start(request.auth!.userId, request.params.id, request.body))),
    );
  }

  /** The on-site confirmation of a month the bank asked the supporter to authenticate (decision 170). */
  function registerConfirmation() {
    const confirmation = createMonthlyConfirmation(ctx);
    app.get(
      '/monthly-gifts/:id/charges/:chargeId/confirmation',
      {
        ...auth,
        schema: {
          tags,
          summary: 'A month waiting for my bank’s confirmation: what is to be paid, and what the browser needs to confirm it',
          operationId: 'getMonthlyChargeConfirmation',
          params: MonthlyChargeIdParams,
          response: { 200: MonthlyConfirmationResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: { confirmation: await confirmation.view(request.auth!.userId, request.params.id, request.params.chargeId) },
      }),
    );

    app.post(
      '/monthly-gifts/:id/charges/:chargeId/confirm',
      {
        ...auth,
        schema: {
          tags,
          summary: 'After my bank’s check in the browser: charge that month once and book it',
          operationId: 'confirmMonthlyCharge',
          params: MonthlyChargeIdParams,
          body: ConfirmMonthlyChargeRequest,
          response: { 200: MonthlyConfirmationResponse },
        },
      },
      async (request) => {
        const done = await confirmation.confirm(request.auth!.userId, request.params.id, request.params.chargeId, request.body);
        return { success: true as const, message: done.message, data: { confirmation: done.confirmation } };
      },
    );
  }

  /** Whom the gift shares the donor's e-mail with (decision 183). */
  function registerEmailSharing() {
    app.put(
      '/monthly-gifts/:id/email-sharing',
      {
        ...auth,
        schema: {
          tags,
          operationId: 'setMonthlyGiftEmailSharing',
          summary: 'Change whether the charity sees your e-mail address for this monthly gift; its exports and events follow at once',
          params: IdParams,
          body: MonthlyEmailSharingRequest,
          response: { 200: MonthlyGiftResponse },
        },
      },
      async (request) => answer(await service.setEmailSharing(request.auth!.userId, request.params.id, request.body)),
    );
  }

  /** The admin console's monthly giving (decision 165): this month per charity, and the failing gifts. */
  function registerAdminView() {
    app.get(
      '/admin/monthly-giving',
      {
        onRequest: app.requireAdmin,
        schema: {
          tags,
          operationId: 'adminMonthlyGiving',
          summary: 'Admins: monthly gifts per charity, this month’s expected and collected amounts, and the failing gifts',
          response: { 200: AdminMonthlyGivingResponse },
        },
      },
      async () => ({ success: true as const, data: await monthlyGivingForAdmins(ctx) }),
    );
  }

  /** The sandbox's way to let a month pass for one gift (tests, the demo); absent with Stripe. */
  function registerSandboxAdvance() {
    if (!isSandbox(ctx.payments)) return;
    app.post(
      '/sandbox/monthly-gifts/:id/advance',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Sandbox only: bring the next charge (or a due retry) of my gift forward to now and run the schedule for it',
          params: IdParams,
          response: { 200: MonthlyGiftResponse },
        },
      },
      async (request) => {
        const { ran, gift } = await service.sandboxAdvance(request.auth!.userId, request.params.id);
        const message = ran.charged
          ? 'A month passed: the charge went through.'
          : ran.opened || ran.failed || ran.abandoned || ran.action_required
            ? 'A month passed: the charge did not go through.'
            : 'Nothing was due.';
        return answer({ message, gift });
      },
    );
  }
};
