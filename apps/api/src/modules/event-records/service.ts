import { eventRecordsRepository } from './repository.ts';

export type { CampaignRow, NewDocument, NewEvent } from './repository.ts';

/**
 * The one writer of campaign rows and their documents (decision 101). It sits below every module
 * that changes a campaign (the events module's create and edit, the life cycle, runoffs, a closing
 * account), so each calls it with its own transaction, as `event-reads` serves their reads.
 */
export const eventRecords = {
  findById: eventRecordsRepository.findById,
  /** The campaign's row under a row lock (`update` or `share`) until the transaction ends. */
  lock: eventRecordsRepository.lock,
  ownedBy: eventRecordsRepository.ownedBy,
  insert: eventRecordsRepository.insert,
  /** Sets these columns (and `updatedAt`); returns the row as it is now. */
  update: eventRecordsRepository.update,
  delete: eventRecordsRepository.delete,
  deleteUnlaunchedWithoutMoneyTrail: eventRecordsRepository.deleteUnlaunchedWithoutMoneyTrail,
  insertDocuments: eventRecordsRepository.insertDocuments,
  deleteDocumentsOf: eventRecordsRepository.deleteDocumentsOf,
};
