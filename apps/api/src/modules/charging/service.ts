import { chargingRepository as repo } from './repository.ts';

/**
 * What other modules may use of charging's reads of a pledge (the creator's funding charge): each
 * function takes the caller's transaction. The pledge's writes are the pledges module's
 * (`pledgeChargeStateRepository`).
 */
export const chargingService = {
  lockPledge: repo.lockPledge,
};
