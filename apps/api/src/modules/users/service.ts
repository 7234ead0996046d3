import { EMAIL_CONFIRMATION_REQUIRED_TO, type ConfirmedEmailAction } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { usersRepository, type NewUser, type UserRow } from './repository.ts';

export { DEFAULT_AVATAR, toPublicUser, type NewUser, type UserRow } from './repository.ts';

/**
 * What other modules may do with user accounts. The users table belongs to this module; others
 * reach it through these functions (each takes a transaction or the database), never its repository.
 */
export const usersService = {
  findByEmail: (db: Executor, email: string): Promise<UserRow | undefined> => usersRepository.findByEmail(db, email),
  findById: (db: Executor, id: string): Promise<UserRow | undefined> => usersRepository.findById(db, id),
  insert: (db: Executor, values: NewUser): Promise<UserRow> => usersRepository.insert(db, values),
  update: (db: Executor, id: string, values: Partial<NewUser>): Promise<UserRow> => usersRepository.update(db, id, values),
  /** Disables (a date) or enables (null) an account; disabling also ends the access tokens already issued. */
  setDisabled: (db: Executor, id: string, disabledAt: Date | null): Promise<void> => usersRepository.setDisabled(db, id, disabledAt),
  /** The identity provider's verdict; creating a campaign needs `verified`. */
  setIdentityStatus: (db: Executor, id: string, status: UserRow['identityStatus']): Promise<void> => usersRepository.setIdentityStatus(db, id, status),
  delete: (db: Executor, id: string): Promise<void> => usersRepository.delete(db, id),
  awaitingClosure: (db: Executor): Promise<Array<{ id: string }>> => usersRepository.awaitingClosure(db),
  assertEmailConfirmed,
};

/**
 * The one rule of decision 095: an account whose e-mail address is not confirmed may browse and
 * pledge, but starts nothing others rely on (a campaign, a sponsor's match, a fundraising page),
 * since receipts and the page's or campaign's e-mails go to that address. Called first, where each
 * such action starts, before anything is read or stored.
 */
async function assertEmailConfirmed(db: Executor, userId: string, action: ConfirmedEmailAction): Promise<UserRow> {
  const user = await usersRepository.findById(db, userId);
  if (!user) throw AppError.unauthenticated();
  if (!user.emailConfirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED', EMAIL_CONFIRMATION_REQUIRED_TO[action], 403);
  return user;
}
