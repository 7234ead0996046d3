// The pledges module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it. The
// pledges table is this module's (decision 101): other modules read and change pledges through the
// repositories below, each function taking the caller's transaction (or the database), so that the
// change commits with the caller's own. The rules stay with the callers (a charge's claim is
// charging's, decision 091); only the SQL is here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pledgeRoutes } from './pledge-routes.ts';
import { raiseRoutes } from './raise-routes.ts';
import { myPledgesRoutes } from './routes.ts';

/** A supporter's pledges, making one, and raising one. */
export const pledgesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(myPledgesRoutes);
  await app.register(pledgeRoutes);
  await app.register(raiseRoutes);
};

/** A pledge's charge state, as charging (claims, outcomes, a run's pledges, refunds) and the creator's funding change it. */
export { pledgeChargeStateRepository, type ClaimKind } from './charge-state-repository.ts';
/** The creator's funding pledge of a campaign, which the events module reserves, retries and books. */
export { creatorFundingRepository, type CreatorFundingPledge } from './creator-funding-repository.ts';
/** A settled match's pledge, written in the run that charges it (decision 109). */
export { matchPledgeRepository } from './match-pledge-repository.ts';
/** Whether a runoff option is one of the campaign's (`participantOf`): a match on an option asks what a pledge on it asks. */
export { pledgesRepository } from './pledge-repository.ts';
/** A participant's and a donor's pledges, a closing account's anonymising, an unsubscribe from a campaign's updates (decision 192). */
export { myPledgesRepository } from './repository.ts';
/** Releases (a campaign's close, its delete, a charge run, a runoff's settlement), a dispute's status, a removed card's successor. */
export { pledgeStatusRepository } from './status-repository.ts';
/** A failed pledge's charge waiting for its supporter's bank (decision 260). */
export { waitsForBank } from './waits-for-bank.ts';
export { publicSupporters, readLiveTotals, SUPPORTERS_PAGE_SIZE, visibleCampaign } from './supporters-service.ts';
