import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { eventDocuments, events, participants, pledges, users } from '../../db/schema.ts';
import { hasMoneyTrail } from '../ledger/repository.ts';
import type { EventRow } from '../events/read-model.ts';

export type NewEventValues = Partial<typeof events.$inferInsert>;

/** SQL of the life cycle; every function takes the caller's transaction. */
export const lifecycleRepository = {
  /** The campaign row, locked until the transaction ends: one status change at a time. */
  async lockEvent(tx: Executor, eventId: string): Promise<EventRow | undefined> {
    const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for('update').limit(1);
    return row;
  },
  async findEvent(db: Executor, eventId: string): Promise<EventRow | undefined> {
    const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
    return row;
  },
  async updateEvent(tx: Executor, eventId: string, values: NewEventValues): Promise<EventRow> {
    const [row] = await tx
      .update(events)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning();
    return row!;
  },
  async ownerEmail(tx: Executor, ownerId: string): Promise<string | undefined> {
    const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ownerId)).limit(1);
    return row?.email;
  },
  /** The creator's funding pledge of a campaign, if any. */
  async creatorPledge(tx: Executor, eventId: string) {
    const [row] = await tx
      .select()
      .from(pledges)
      .where(and(eq(pledges.eventId, eventId), eq(pledges.isCreatorPledge, true), ne(pledges.status, 'dropped')))
      .limit(1);
    return row;
  },
  /** Pledges never charged are released: they will never be charged. Returns how many. */
  async releaseUncharged(tx: Executor, eventId: string, chargeRunId: string | null = null): Promise<number> {
    const rows = await tx
      .update(pledges)
      .set({ status: 'released', nextReminderAt: null, updatedAt: new Date(), ...(chargeRunId ? { chargeRunId } : {}) })
      .where(and(eq(pledges.eventId, eventId), inArray(pledges.status, ['pending', 'failed'])))
      .returning({ id: pledges.id });
    return rows.length;
  },
  /** Campaign totals counted for an all-or-nothing target: pledges still valid. */
  async countedTotalCents(tx: Executor, eventId: string): Promise<number> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${pledges.amountCents}), 0)` })
      .from(pledges)
      .where(and(eq(pledges.eventId, eventId), inArray(pledges.status, ['pending', 'charged', 'failed'])));
    return Number(row?.total ?? 0);
  },
  /** A campaign with a money trail (`hasMoneyTrail`) keeps its row when it is deleted. */
  async hasMoneyHistory(db: Executor, eventId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, eventId), hasMoneyTrail(db, events.id)))
      .limit(1);
    return Boolean(row);
  },
  async deleteContent(db: Executor, eventId: string): Promise<void> {
    await db.delete(participants).where(eq(participants.eventId, eventId));
    await db.delete(eventDocuments).where(eq(eventDocuments.eventId, eventId));
  },
  async deleteEvent(db: Executor, eventId: string): Promise<void> {
    await db.delete(events).where(eq(events.id, eventId));
  },
};
