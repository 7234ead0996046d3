import { and, asc, eq, inArray, not } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { charities, eventDocuments, events, participants } from '../../db/schema.ts';
import { hasMoneyTrail } from '../ledger/repository.ts';
import { idempotencyKeys } from './tables.ts';

export type NewEvent = typeof events.$inferInsert;
export type NewParticipant = typeof participants.$inferInsert;
export type NewDocument = typeof eventDocuments.$inferInsert;

/** SQL of the campaigns module; every function takes a transaction or the database. */
export const eventsRepository = {
  async findById(db: Executor, id: string) {
    const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
    return row;
  },
  ownedBy(db: Executor, userId: string) {
    return db.select().from(events).where(eq(events.ownerId, userId));
  },
  /** The owner's campaigns that never went live and left no money trail: they go with the account. */
  async deleteUnlaunchedWithoutMoneyTrail(db: Executor, userId: string): Promise<void> {
    await db
      .delete(events)
      .where(and(eq(events.ownerId, userId), inArray(events.status, ['pending', 'rejected', 'cancelled']), not(hasMoneyTrail(db, events.id))));
  },
  async insert(db: Executor, values: NewEvent) {
    const [row] = await db.insert(events).values(values).returning();
    return row!;
  },
  async update(db: Executor, id: string, values: Partial<NewEvent>) {
    const [row] = await db
      .update(events)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(events.id, id))
      .returning();
    return row!;
  },
  async charityExists(db: Executor, id: string) {
    const [row] = await db.select({ id: charities.id }).from(charities).where(eq(charities.id, id)).limit(1);
    return Boolean(row);
  },
  async charityName(db: Executor, id: string): Promise<string | null> {
    const [row] = await db.select({ name: charities.name }).from(charities).where(eq(charities.id, id)).limit(1);
    return row?.name ?? null;
  },
  async insertParticipants(db: Executor, values: NewParticipant[]) {
    if (!values.length) return [];
    return db.insert(participants).values(values).returning();
  },
  async participantsOf(db: Executor, eventId: string) {
    return db.select().from(participants).where(eq(participants.eventId, eventId)).orderBy(asc(participants.position));
  },
  async updateParticipant(db: Executor, id: string, values: Partial<NewParticipant>) {
    const [row] = await db.update(participants).set(values).where(eq(participants.id, id)).returning();
    return row!;
  },
  async insertDocuments(db: Executor, values: NewDocument[]) {
    if (!values.length) return [];
    return db.insert(eventDocuments).values(values).returning();
  },
  /**
   * Claims an Idempotency-Key inside the create transaction. Returns undefined when this request
   * claimed it, else the id the first request created (a concurrent first request is waited for by
   * the primary key).
   */
  async claimIdempotencyKey(db: Executor, userId: string, scope: string, key: string, resourceId: string): Promise<string | undefined> {
    const [claimed] = await db.insert(idempotencyKeys).values({ userId, scope, key, resourceId }).onConflictDoNothing().returning();
    if (claimed) return undefined;
    const [existing] = await db
      .select({ resourceId: idempotencyKeys.resourceId })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    return existing!.resourceId;
  },
};
