// The campaign updates' face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateRoutes } from './routes.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';

/** A campaign's updates, and the unsubscribe link of their e-mails. */
export const updatesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(updateRoutes);
  await app.register(unsubscribeRoutes);
};
