import { and, eq, inArray, not } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { eventDocuments, events } from '../../db/schema.ts';
import { hasMoneyTrail } from '../ledger/index.ts';

/** A campaign's row as stored: the one name every module uses for it. */
export type CampaignRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type NewDocument = typeof eventDocuments.$inferInsert;

/** SQL that writes campaign rows and their documents; every function takes a transaction or the database. */
export const eventRecordsRepository = {
  async findById(db: Executor, id: string): Promise<CampaignRow | undefined> {
    const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
    return row;
  },
  /**
   * The campaign's row, locked until the transaction ends: `update` to change the campaign itself
   * (its status, participants, options, embeds); `share` for what hangs from it (a pledge, a match,
   * a fundraising page, a promotion), so that a change of status waits for those and they for it.
   */
  async lock(tx: Executor, id: string, strength: 'update' | 'share'): Promise<CampaignRow | undefined> {
    const [row] = await tx.select().from(events).where(eq(events.id, id)).for(strength).limit(1);
    return row;
  },
  ownedBy(db: Executor, userId: string): Promise<CampaignRow[]> {
    return db.select().from(events).where(eq(events.ownerId, userId));
  },
  async insert(db: Executor, values: NewEvent): Promise<CampaignRow> {
    const [row] = await db.insert(events).values(values).returning();
    return row!;
  },
  async update(db: Executor, id: string, values: Partial<NewEvent>): Promise<CampaignRow> {
    const [row] = await db
      .update(events)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(events.id, id))
      .returning();
    return row!;
  },
  async delete(db: Executor, id: string): Promise<void> {
    await db.delete(events).where(eq(events.id, id));
  },
  /** The owner's campaigns that never went live and left no money trail: they go with the account. */
  async deleteUnlaunchedWithoutMoneyTrail(db: Executor, userId: string): Promise<void> {
    await db
      .delete(events)
      .where(and(eq(events.ownerId, userId), inArray(events.status, ['pending', 'rejected', 'cancelled']), not(hasMoneyTrail(db, events.id))));
  },
  async insertDocuments(db: Executor, values: NewDocument[]) {
    if (!values.length) return [];
    return db.insert(eventDocuments).values(values).returning();
  },
  async deleteDocumentsOf(db: Executor, eventId: string): Promise<void> {
    await db.delete(eventDocuments).where(eq(eventDocuments.eventId, eventId));
  },
};
