import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddPaymentMethodRequest,
  IdParams,
  PaymentConfigResponse,
  PaymentMethodListResponse,
  PaymentMethodSavedResponse,
  SandboxCardRequest,
  SandboxCardResponse,
  SandboxWalletRequest,
  SandboxWalletResponse,
  paymentMethodLabel,
  SetupIntentResponse,
  SuccessResponse,
} from '@pledgeway/domain';
import { AppError, fieldsFromZod } from '../../errors.ts';
import { isSandbox, isStripe } from '../../providers/payments/index.ts';
import { createPaymentMethodsService, PAYMENT_METHOD_MESSAGES } from './service.ts';

export const paymentMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPaymentMethodsService(app.ctx);
  const auth = { preHandler: app.authenticate };

  app.get('/payment-methods/config', { schema: { tags: ['payment-methods'], response: { 200: PaymentConfigResponse } } }, async () => ({
    success: true as const,
    provider: app.ctx.payments.name,
    publishable_key: isStripe(app.ctx.payments) ? app.ctx.payments.publishableKey : null,
  }));

  // Stripe's card form: a SetupIntent for Stripe Elements to confirm; the card is then saved with
  // POST /payment-methods and the SetupIntent's id as the token.
  app.post(
    '/payment-methods/setup-intent',
    {
      ...auth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['payment-methods'], summary: 'Starts saving a card with Stripe Elements', response: { 201: SetupIntentResponse } },
    },
    async (request, reply) => reply.status(201).send({ success: true as const, ...(await service.startSetup(request.auth!.userId)) }),
  );

  app.get('/payment-methods', { ...auth, schema: { tags: ['payment-methods'], response: { 200: PaymentMethodListResponse } } }, async (request) => ({
    success: true as const,
    data: await service.list(request.auth!.userId),
  }));

  app.post(
    '/payment-methods',
    { ...auth, schema: { tags: ['payment-methods'], body: AddPaymentMethodRequest, response: { 201: PaymentMethodSavedResponse } } },
    async (request, reply) => {
      const data = await service.add(request.auth!.userId, request.body);
      const message = data.kind === 'card' ? PAYMENT_METHOD_MESSAGES.added : PAYMENT_METHOD_MESSAGES.methodAdded(data.label);
      return reply.status(201).send({ success: true as const, message, data });
    },
  );

  app.delete(
    '/payment-methods/:id',
    { ...auth, schema: { tags: ['payment-methods'], params: IdParams, response: { 200: SuccessResponse } } },
    async (request) => {
      await service.remove(request.auth!.userId, request.params.id);
      return { success: true as const, message: PAYMENT_METHOD_MESSAGES.removed };
    },
  );

  app.post(
    '/payment-methods/:id/default',
    { ...auth, schema: { tags: ['payment-methods'], params: IdParams, response: { 200: PaymentMethodSavedResponse } } },
    async (request) => ({
      success: true as const,
      message: PAYMENT_METHOD_MESSAGES.defaultSet,
      data: await service.setDefault(request.auth!.userId, request.params.id),
    }),
  );

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
        schema: { tags: ['sandbox'], response: { 201: SandboxCardResponse } },
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
        schema: { tags: ['sandbox'], summary: 'The sandbox wallet or cash app approves a payment method', response: { 201: SandboxWalletResponse } },
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
