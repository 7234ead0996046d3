import type { Executor } from '../../db/client.ts';
import { portalRepository as repo, publicName } from './repository.ts';

/**
 * Who represents a charity (decision 135), for other modules: the one check the portal itself uses
 * (`represents`), and the addresses to tell. Stripe Connect lets representatives manage the
 * charity's connected account with it, and names supporters by the portal's rule (`publicName`).
 */
export const representation = {
  represents: (db: Executor, charityId: string, userId: string): Promise<boolean> => repo.represents(db, charityId, userId),
  async emails(db: Executor, charityId: string): Promise<string[]> {
    return (await repo.representatives(db, charityId)).map((person) => person.email);
  },
};

export { publicName };
