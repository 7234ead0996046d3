import type { Executor } from '../../db/client.ts';
import { auditRepository, type AuditEntry } from './repository.ts';
import { usersService } from '../users/index.ts';

/** Records an admin action with the admin's id and e-mail (kept in the row, so the log outlives the account). */
export async function recordAdminAction(db: Executor, actorId: string, entry: Omit<AuditEntry, 'actorId' | 'actorEmail'>): Promise<void> {
  const actor = await usersService.findById(db, actorId);
  await auditRepository.record(db, { ...entry, actorId, actorEmail: actor?.email ?? '' });
}
