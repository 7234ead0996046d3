// The charity portal's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileChangeRoutes } from './profile-change-routes.ts';
import { charityPortalRoutes } from './routes.ts';

/** The portal of a charity's representatives, and the profile changes they ask for. */
export const charityPortalModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(charityPortalRoutes);
  await app.register(profileChangeRoutes);
};

export { representation } from './representation.ts';
