import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  centsToDollars,
  CharityConnectListResponse,
  CharityTransfersResponse,
  CONNECT_MESSAGES,
  RefreshAccountResponse,
  RunTransfersResponse,
  SandboxConnectAccountResponse,
  SandboxOnboardingRequest,
  StartOnboardingResponse,
} from '@pledgeway/domain';
import { AppError } from '../../errors.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { assertMayManageCharityConnect, CHARITY_TRANSFERS_QUEUE, createCharityConnectService } from './service.ts';

const charityParams = z.object({ id: z.uuid('Invalid charity id') });
const accountParams = z.object({ ref: z.string().regex(/^acct_sbx_[0-9a-f]{24}$/, CONNECT_MESSAGES.accountNotFound) });

/**
 * Charities on Stripe Connect (decisions 130, 131): onboarding (started by whoever
 * `assertMayManageCharityConnect` allows: admins for now), the admin console's list, the charity's
 * transfers, the transfers job, and the sandbox's simulated onboarding form.
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
      assertMayManageCharityConnect(request.auth, request.params.id);
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

  /** The sandbox's stand-in for Stripe's hosted onboarding: 404 with any other provider. */
  const sandboxConnect = () => {
    if (!isSandbox(app.ctx.payments)) throw AppError.notFound(CONNECT_MESSAGES.sandboxOnly);
    return app.ctx.payments.connect;
  };
  const sandboxAccount = async (ref: string) => {
    const connect = sandboxConnect();
    const account = await connect.account(ref);
    if (!account) throw AppError.notFound(CONNECT_MESSAGES.accountNotFound);
    const payouts = await connect.payouts(ref);
    return {
      account_ref: account.ref,
      business_name: account.businessName,
      details_submitted: account.detailsSubmitted,
      payouts_enabled: account.payoutsEnabled,
      requirements_due: account.requirementsDue,
      bank_last4: account.bankLast4,
      payouts: payouts.map((payout) => ({
        ref: payout.ref,
        amount: centsToDollars(payout.amountCents),
        bank_last4: payout.bankLast4,
        created_at: payout.createdAt.toISOString(),
      })),
    };
  };

  app.get(
    '/sandbox/connect/accounts/:ref',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['charity-connect'],
        summary: 'Sandbox only: a connected account as its onboarding page shows it',
        params: accountParams,
        response: { 200: SandboxConnectAccountResponse },
      },
    },
    async (request) => ({ success: true as const, data: await sandboxAccount(request.params.ref) }),
  );

  app.post(
    '/sandbox/connect/accounts/:ref/onboarding',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['charity-connect'],
        summary: 'Sandbox only: the simulated onboarding form (a bank account; optionally leave a requirement due)',
        params: accountParams,
        body: SandboxOnboardingRequest,
        response: { 200: SandboxConnectAccountResponse },
      },
    },
    async (request) => {
      await sandboxConnect().submitOnboarding(request.params.ref, {
        bankAccountNumber: request.body.bank_account_number,
        leaveRequirementDue: request.body.leave_requirement_due,
      });
      return { success: true as const, data: await sandboxAccount(request.params.ref) };
    },
  );
};
