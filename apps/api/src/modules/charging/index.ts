// The charging module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chargingRoutes } from './routes.ts';
import { chargeRunRoutes } from './run-routes.ts';

/** Charge runs of completed campaigns, then a pledge's charge, retries and refunds. */
export const chargingModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(chargeRunRoutes);
  await app.register(chargingRoutes);
};

/** A charge attempt's claim (decision 091), which the creator's funding takes like a pledge's charge. */
export { claimIsFresh, newClaim, noClaim, releaseClaim, waitForAttempt } from './attempts.ts';
export { createPledgeAuthentication } from './authenticate.ts';
export { chargeAttemptKey } from './charge-pledge.ts';
export { chargeFigures } from './figures.ts';
export { chargingService } from './service.ts';
