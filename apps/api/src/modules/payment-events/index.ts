// The payment provider's events, their face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentEventsRoutes } from './routes.ts';
import { sandboxDisputeRoutes } from './sandbox-routes.ts';

/** The provider's webhook, and the sandbox's disputes, which stand in for the provider's. */
export const paymentEventsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(paymentEventsRoutes);
  await app.register(sandboxDisputeRoutes);
};
