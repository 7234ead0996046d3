import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToDollars, CONNECT_MESSAGES, SandboxConnectAccountResponse, SandboxOnboardingRequest } from '@pledgeway/domain';
import { AppError } from '../../errors.ts';
import { isSandbox } from '../../providers/payments/index.ts';

const accountParams = z.object({ ref: z.string().regex(/^acct_sbx_[0-9a-f]{24}$/, CONNECT_MESSAGES.accountNotFound) });

/**
 * The sandbox's stand-in for Stripe's hosted Connect onboarding (decision 130): the account as its
 * page shows it, with its payouts to the charity's bank, and the simulated form. Any signed-in
 * person with the link, as Stripe's page; 404 with another provider.
 */
export const sandboxConnectRoutes: FastifyPluginAsyncZod = async (app) => {
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
