import type { Executor } from '../../db/client.ts';
import { portalRepository as repo } from './repository.ts';

/**
 * Who represents a charity (decision 135), for other modules: the one check the portal itself uses
 * (`represents`), and the addresses to tell. Stripe Connect lets representatives manage the
 * charity's connected account with it (given to Connect through its `useCharityRepresentation`).
 */
export const representation = {
  represents: (db: Executor, charityId: string, userId: string): Promise<boolean> => repo.represents(db, charityId, userId),
  async emails(db: Executor, charityId: string): Promise<string[]> {
    return (await repo.representatives(db, charityId)).map((person) => person.email);
  },
};
