import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { eventDocuments, events, ledgerEntries, ledgerTransactions, participants, pledges } from '../../db/schema.ts';
import type { EventRow } from '../events/read-model.ts';

export const myEventsRepository = {
  listByOwner(db: Executor, ownerId: string): Promise<EventRow[]> {
    return db.select().from(events).where(eq(events.ownerId, ownerId)).orderBy(desc(events.createdAt));
  },
  async findForUpdate(db: Executor, id: string): Promise<EventRow | undefined> {
    const [row] = await db.select().from(events).where(eq(events.id, id)).for('update').limit(1);
    return row;
  },
  /** Pledges not yet charged are released: they will never be charged. */
  async releaseOpenPledges(db: Executor, eventId: string): Promise<number> {
    const rows = await db
      .update(pledges)
      .set({ status: 'released', updatedAt: new Date() })
      .where(and(eq(pledges.eventId, eventId), inArray(pledges.status, ['pending', 'failed'])))
      .returning({ id: pledges.id });
    return rows.length;
  },
  /** Pledges or ledger rows are the money trail: a campaign with any keeps its row. */
  async hasMoneyHistory(db: Executor, eventId: string): Promise<boolean> {
    const [[pledgeCount], [ledgerCount], [entryCount]] = await Promise.all([
      db.select({ n: count() }).from(pledges).where(eq(pledges.eventId, eventId)),
      db.select({ n: count() }).from(ledgerTransactions).where(eq(ledgerTransactions.eventId, eventId)),
      db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.eventId, eventId)),
    ]);
    return (pledgeCount?.n ?? 0) + (ledgerCount?.n ?? 0) + (entryCount?.n ?? 0) > 0;
  },
  async deleteContent(db: Executor, eventId: string): Promise<void> {
    await db.delete(participants).where(eq(participants.eventId, eventId));
    await db.delete(eventDocuments).where(eq(eventDocuments.eventId, eventId));
  },
  async deleteEvent(db: Executor, eventId: string): Promise<void> {
    await db.delete(events).where(eq(events.id, eventId));
  },
  async markCancelled(db: Executor, eventId: string): Promise<void> {
    await db.update(events).set({ status: 'cancelled', endedAt: new Date(), updatedAt: new Date() }).where(eq(events.id, eventId));
  },
};
