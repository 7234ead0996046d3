import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { participants } from '../../db/schema.ts';

export type NewParticipant = typeof participants.$inferInsert;

/**
 * SQL of a campaign's participants: the participants' routes, and the writes other modules make
 * through `participantRecords`. In a removal the campaign row is the lock every removal queues on.
 */
export const participantsRepository = {
  async findById(db: Executor, participantId: string) {
    const [row] = await db.select().from(participants).where(eq(participants.id, participantId)).limit(1);
    return row;
  },
  async exists(db: Executor, eventId: string, participantId: string): Promise<boolean> {
    const rows = await db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.id, participantId), eq(participants.eventId, eventId)))
      .limit(1);
    return rows.length > 0;
  },
  async countOf(db: Executor, eventId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(participants).where(eq(participants.eventId, eventId));
    return row?.n ?? 0;
  },
  async insertMany(db: Executor, values: NewParticipant[]) {
    if (!values.length) return [];
    return db.insert(participants).values(values).returning();
  },
  async update(db: Executor, id: string, values: Partial<NewParticipant>) {
    const [row] = await db.update(participants).set(values).where(eq(participants.id, id)).returning();
    return row!;
  },
  async deleteAllOf(db: Executor, eventId: string): Promise<void> {
    await db.delete(participants).where(eq(participants.eventId, eventId));
  },
  /** Deletes and says whether this call did it: of two removals of one row only one gets it back. */
  async deleteOne(db: Executor, eventId: string, participantId: string) {
    const [row] = await db
      .delete(participants)
      .where(and(eq(participants.id, participantId), eq(participants.eventId, eventId)))
      .returning();
    return row;
  },
};
