import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { charities, participants } from '../../db/schema.ts';
import { idempotencyKeys } from './tables.ts';

/** SQL of the campaigns module (campaign rows are written through `event-records`); every function takes a transaction or the database. */
export const eventsRepository = {
  async charityExists(db: Executor, id: string) {
    const [row] = await db.select({ id: charities.id }).from(charities).where(eq(charities.id, id)).limit(1);
    return Boolean(row);
  },
  async charityName(db: Executor, id: string): Promise<string | null> {
    const [row] = await db.select({ name: charities.name }).from(charities).where(eq(charities.id, id)).limit(1);
    return row?.name ?? null;
  },
  async participantsOf(db: Executor, eventId: string) {
    return db.select().from(participants).where(eq(participants.eventId, eventId)).orderBy(asc(participants.position));
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
