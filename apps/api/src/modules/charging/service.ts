import { chargingRepository as repo } from './repository.ts';

/**
 * What other modules may do with a pledge's charge state (the creator's funding charge): each
 * function takes the caller's transaction, so the change commits with its ledger posting.
 */
export const chargingService = {
  lockPledge: repo.lockPledge,
  updatePledge: repo.updatePledge,
};
