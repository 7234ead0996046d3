import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, pledges } from '../../db/schema.ts';

export type PledgeRow = typeof pledges.$inferSelect;
export type PledgeEventRow = typeof events.$inferSelect;

export const myPledgesRepository = {
  /** The user's pledges, newest first, each with its campaign. */
  listForUser(db: Executor, userId: string): Promise<Array<{ pledge: PledgeRow; event: PledgeEventRow }>> {
    return db
      .select({ pledge: pledges, event: events })
      .from(pledges)
      .innerJoin(events, eq(events.id, pledges.eventId))
      .where(eq(pledges.userId, userId))
      .orderBy(desc(pledges.createdAt));
  },
};
