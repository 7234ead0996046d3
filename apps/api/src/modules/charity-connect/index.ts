// Stripe Connect for charities, its face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { charityConnectRoutes } from './routes.ts';
import { sandboxConnectRoutes } from './sandbox-routes.ts';

/** A charity's connected account: onboarding and its state, and the sandbox's stand-in for Stripe's pages. */
export const charityConnectModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(charityConnectRoutes);
  await app.register(sandboxConnectRoutes);
};

export { useCharityRepresentation } from './representation-port.ts';
export { CHARITY_TRANSFERS_QUEUE, charityConnectView, connectRecords, createCharityConnectService } from './service.ts';
