import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddPaymentMethodRequest,
  IdParams,
  PaymentConfigResponse,
  PaymentMethodListResponse,
  PaymentMethodSavedResponse,
  SetupIntentResponse,
  SuccessResponse,
} from '@pledgeway/domain';
import { isStripe } from '../../providers/payments/index.ts';
import { sandboxMethodRoutes } from './sandbox-routes.ts';
import { createPaymentMethodsService, PAYMENT_METHOD_MESSAGES } from './service.ts';

export const paymentMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPaymentMethodsService(app.ctx);
  const auth = { preHandler: app.authenticate };

  app.get(
    '/payment-methods/config',
    { schema: { tags: ['payment-methods'], summary: 'The payment provider and its publishable key', response: { 200: PaymentConfigResponse } } },
    async () => ({
      success: true as const,
      provider: app.ctx.payments.name,
      publishable_key: isStripe(app.ctx.payments) ? app.ctx.payments.publishableKey : null,
    }),
  );

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

  app.get(
    '/payment-methods',
    { ...auth, schema: { tags: ['payment-methods'], summary: 'Your saved payment methods', response: { 200: PaymentMethodListResponse } } },
    async (request) => ({
      success: true as const,
      data: await service.list(request.auth!.userId),
    }),
  );

  app.post(
    '/payment-methods',
    {
      ...auth,
      schema: {
        tags: ['payment-methods'],
        summary: "Save a payment method from the provider's token",
        body: AddPaymentMethodRequest,
        response: { 201: PaymentMethodSavedResponse },
      },
    },
    async (request, reply) => {
      const data = await service.add(request.auth!.userId, request.body);
      const message = data.kind === 'card' ? PAYMENT_METHOD_MESSAGES.added : PAYMENT_METHOD_MESSAGES.methodAdded(data.label);
      return reply.status(201).send({ success: true as const, message, data });
    },
  );

  app.delete(
    '/payment-methods/:id',
    { ...auth, schema: { tags: ['payment-methods'], summary: 'Remove a saved payment method', params: IdParams, response: { 200: SuccessResponse } } },
    async (request) => {
      await service.remove(request.auth!.userId, request.params.id);
      return { success: true as const, message: PAYMENT_METHOD_MESSAGES.removed };
    },
  );

  app.post(
    '/payment-methods/:id/default',
    {
      ...auth,
      schema: {
        tags: ['payment-methods'],
        summary: 'Make a saved payment method your default',
        params: IdParams,
        response: { 200: PaymentMethodSavedResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: PAYMENT_METHOD_MESSAGES.defaultSet,
      data: await service.setDefault(request.auth!.userId, request.params.id),
    }),
  );

  await app.register(sandboxMethodRoutes);
};
