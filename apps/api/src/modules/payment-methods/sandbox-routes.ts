import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMethodLabel, SandboxCardRequest, SandboxCardResponse, SandboxWalletRequest, SandboxWalletResponse } from '@pledgeway/domain';
import { AppError, fieldsFromZod } from '../../errors.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

/** The sandbox provider's own forms: its card form and its wallet and cash app (decision 151). */
export const sandboxMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  // The sandbox provider's hosted card form: the only endpoint that ever sees a card number. Open
  // to visitors for the charities' donation dialog, with a tighter limit for them.
  const payments = app.ctx.payments;
  if (isSandbox(payments)) {
    app.post(
      '/sandbox/cards',
      {
        config: {
          rateLimit: {
            max: (request) => (request.auth ? 30 : 10),
            timeWindow: '1 minute',
            keyGenerator: (request) => (request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`),
          },
        },
        schema: {
          summary: 'The sandbox card form turns a card into a token (no card is ever charged)',
          security: ROUTE_SECURITY.optionalSession,
          tags: ['sandbox'],
          response: { 201: SandboxCardResponse },
        },
      },
      async (request, reply) => {
        // Parsed here rather than by the route schema so the messages are those of docs/product.md#payment, field by field.
        const parsed = SandboxCardRequest.safeParse(request.body ?? {});
        if (!parsed.success) throw AppError.validation(fieldsFromZod(parsed.error));
        const { token, card } = await payments.tokenizeCard(parsed.data);
        return reply.status(201).send({
          success: true as const,
          token,
          card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
        });
      },
    );

    // The sandbox wallet's sheet and the sandbox cash app's approval (decision 151): the tester
    // picks the outcome; the answer is a token saved with POST /payment-methods like a card's. Open
    // to visitors like the card form, with the same limits.
    app.post(
      '/sandbox/wallets',
      {
        config: {
          rateLimit: {
            max: (request) => (request.auth ? 30 : 10),
            timeWindow: '1 minute',
            keyGenerator: (request) => (request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`),
          },
        },
        schema: {
          security: ROUTE_SECURITY.optionalSession,
          tags: ['sandbox'],
          summary: 'The sandbox wallet or cash app approves a payment method',
          response: { 201: SandboxWalletResponse },
        },
      },
      async (request, reply) => {
        const parsed = SandboxWalletRequest.safeParse(request.body ?? {});
        if (!parsed.success) throw AppError.validation(fieldsFromZod(parsed.error));
        const { token, method } = await payments.tokenizeWallet(parsed.data);
        return reply.status(201).send({
          success: true as const,
          token,
          kind: method.kind as 'sandbox_wallet' | 'sandbox_cashapp',
          label: paymentMethodLabel(method),
        });
      },
    );
  }
};
