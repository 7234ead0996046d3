import type { Executor } from '../../db/client.ts';
import { auditLog } from './tables.ts';

export interface AuditEntry {
  actorId: string | null;
  actorEmail?: string;
  /** What was done, e.g. `event.approve`, `user.disable`, `payout.create`. */
  action: string;
  targetType: 'event' | 'user' | 'charity' | 'payout' | 'charge_run' | 'contact_message' | (string & {});
  targetId: string;
  reason?: string;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row, inside the caller's transaction so the log and the change land together. */
export const auditRepository = {
  async record(db: Executor, entry: AuditEntry): Promise<void> {
    await db.insert(auditLog).values({
      actorId: entry.actorId,
      actorEmail: entry.actorEmail ?? '',
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason ?? '',
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  },
};
