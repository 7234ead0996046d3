import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, participants, pledges, users } from '../../db/schema.ts';
import { countedPledges } from '../events/read-model.ts';

export type PledgeRow = typeof pledges.$inferSelect;
export type CampaignRow = typeof events.$inferSelect;

const counted = (eventId: string) => and(eq(pledges.eventId, eventId), countedPledges());

export const pledgesRepository = {
  /**
   * The campaign, share-locked until the pledge commits: a status change (which locks it for
   * update) waits for pledges in flight, and a pledge never lands on a campaign that just closed.
   */
  async lockCampaign(db: Executor, eventId: string): Promise<CampaignRow | undefined> {
    const [row] = await db.select().from(events).where(eq(events.id, eventId)).for('share').limit(1);
    return row;
  },

  async findCampaign(db: Executor, eventId: string): Promise<CampaignRow | undefined> {
    const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
    return row;
  },

  async participantOf(db: Executor, eventId: string, participantId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.id, participantId), eq(participants.eventId, eventId)))
      .limit(1);
    return Boolean(row);
  },

  /** Inserts the pledge, or nothing when this user already sent this request key. */
  async insert(db: Executor, values: typeof pledges.$inferInsert): Promise<PledgeRow | undefined> {
    const [row] = await db.insert(pledges).values(values).onConflictDoNothing().returning();
    return row;
  },

  async findByRequestKey(db: Executor, userId: string, requestKey: string): Promise<PledgeRow | undefined> {
    const [row] = await db
      .select()
      .from(pledges)
      .where(and(eq(pledges.userId, userId), eq(pledges.requestKey, requestKey)))
      .limit(1);
    return row;
  },

  /** Counted pledges of a campaign, newest first, with the supporter's name. */
  supporters(db: Executor, eventId: string, page: { offset: number; limit: number }) {
    return db
      .select({ pledge: pledges, name: users.name })
      .from(pledges)
      .leftJoin(users, eq(users.id, pledges.userId))
      .where(counted(eventId))
      .orderBy(desc(pledges.createdAt), desc(pledges.id))
      .offset(page.offset)
      .limit(page.limit);
  },
};
