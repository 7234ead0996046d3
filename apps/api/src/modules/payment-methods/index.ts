// The payment methods' face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMethodDomainRoutes } from './domain-routes.ts';
import { paymentMethodsRoutes } from './routes.ts';

/** A supporter's cards, and the domains registered for wallet payments. */
export const paymentMethodsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(paymentMethodsRoutes);
  await app.register(paymentMethodDomainRoutes);
};

export { createPaymentMethodsService, paymentMethodRecords } from './service.ts';
