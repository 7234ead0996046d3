import type { Executor } from '../../db/client.ts';

/** Who represents a charity (decision 135): the portal knows, and sits above Connect, so it gives Connect its rule at start. */
export interface CharityRepresentation {
  represents(db: Executor, charityId: string, userId: string): Promise<boolean>;
  /** The addresses to tell when Stripe asks the charity for more. */
  emails(db: Executor, charityId: string): Promise<string[]>;
}

/** Until the portal has given its rule (an app without the portal's routes): nobody represents a charity. */
let given: CharityRepresentation = { represents: async () => false, emails: async () => [] };

/** Called by the portal's plugin as the app starts: Connect then asks the portal's own check. */
export function useCharityRepresentation(representation: CharityRepresentation): void {
  given = representation;
}

export const charityRepresentation: CharityRepresentation = {
  represents: (db, charityId, userId) => given.represents(db, charityId, userId),
  emails: (db, charityId) => given.emails(db, charityId),
};
