import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CharityConnectListResponse,
  CharityTransfersResponse,
  CONNECT_MESSAGES,
  RefreshAccountResponse,
  ResolveHeldMovementRequest,
  ResolveHeldMovementResponse,
  RunTransfersResponse,
  StartOnboardingResponse,
} from '@pledgeway/domain';
import { assertMayManageCharityConnect, CHARITY_TRANSFERS_QUEUE, createCharityConnectService } from './service.ts';

const charityParams = z.object({ id: z.uuid('Invalid charity id') });

/**
 * Charities on Stripe Connect (decisions 130, 131): onboarding (started by whoever
 * `assertMayManageCharityConnect` allows: admins and the charity's representatives), the admin console's list, the charity's
 * transfers, and the transfers job. The sandbox's onboarding form is in sandbox-routes.ts.
 */
export const charityConnectRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCharityConnectService(app.ctx);
  app.ctx.jobs.define(CHARITY_TRANSFERS_QUEUE, async () => void (await service.runJob()), { cron: '*/10 * * * *', retryLimit: 1 });

  app.get(
    '/admin/charity-connect',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['charity-connect'],
        summary: 'Every charity: on Connect or not, its account state and what is owed outside Connect',
        response: { 200: CharityConnectListResponse },
      },
    },
    async () => ({ success: true as const, data: await service.overview() }),
  );

  app.post(
    '/charities/:id/connect/onboarding',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['charity-connect'],
        summary: "Make the charity's connected account (once) and a link to the provider's onboarding page",
        params: charityParams,
        response: { 200: StartOnboardingResponse },
      },
    },
    async (request) => ({ success: true as const, message: CONNECT_MESSAGES.onboardingStarted, data: await service.start(request.auth, request.params.id) }),
  );

  app.post(
    '/charities/:id/connect/refresh',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['charity-connect'],
        summary: "Read the connected account's state from the provider",
        params: charityParams,
        response: { 200: RefreshAccountResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: CONNECT_MESSAGES.refreshed,
      data: { account: await service.refresh(request.auth, request.params.id) },
    }),
  );

  app.get(
    '/charities/:id/connect/transfers',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['charity-connect'],
        summary: "The charity's transfers and reversals, with the pledge each carried",
        params: charityParams,
        response: { 200: CharityTransfersResponse },
      },
    },
    async (request) => {
      await assertMayManageCharityConnect(app.ctx.db, request.auth, request.params.id);
      return { success: true as const, data: { items: await service.transfers(request.params.id) } };
    },
  );

  app.post(
    '/admin/charity-transfers/run',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['charity-connect'],
        summary: 'Make the transfers now due and send every pending transfer and reversal',
        response: { 200: RunTransfersResponse },
      },
    },
    async (request) => ({ success: true as const, message: CONNECT_MESSAGES.transfersRun, data: await service.runNow(request.auth!) }),
  );

  /** A held movement's console action (decision 175). */
  function resolveHeldRoute() {
    app.post(
      '/admin/charity-transfers/:id/resolve',
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['charity-connect'],
          summary: 'A transfer or reversal held for a different amount: look it up at the provider again, or mark it for manual review',
          operationId: 'resolveHeldCharityTransfer',
          params: z.object({ id: z.uuid('Invalid transfer id') }),
          body: ResolveHeldMovementRequest,
          response: { 200: ResolveHeldMovementResponse },
        },
      },
      async (request) => {
        const { outcome, movement, message } = await service.resolveHeld(request.auth!, request.params.id, request.body.action);
        return { success: true as const, message, data: { outcome, movement } };
      },
    );
  }
  resolveHeldRoute();
};
