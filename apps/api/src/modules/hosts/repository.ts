import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, pledges, users } from '../../db/schema.ts';
import { countedPledges } from '../events/read-model.ts';

/** Campaigns a host page lists: the ones the public can open (live, frozen by an admin, completed). */
export const HOST_PAGE_STATUSES = ['approved', 'freeze', 'completed'] as const;

/** SQL of the public host pages. */
export const hostsRepository = {
  /** The account behind a host page; disabled accounts have none. */
  async findHost(db: Executor, userId: string) {
    const [row] = await db
      .select({ id: users.id, name: users.name, image: users.image })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.disabledAt)))
      .limit(1);
    return row;
  },

  async publishedCampaignsOf(db: Executor, userId: string) {
    return db
      .select()
      .from(events)
      .where(and(eq(events.ownerId, userId), inArray(events.status, [...HOST_PAGE_STATUSES])))
      .orderBy(desc(events.createdAt), desc(events.id));
  },

  /** Distinct supporters across these campaigns (a person backing two of them counts once). */
  async distinctSupporters(db: Executor, eventIds: string[]): Promise<number> {
    if (!eventIds.length) return 0;
    const [row] = await db
      .select({ n: sql<string>`count(distinct ${pledges.userId})` })
      .from(pledges)
      .where(and(inArray(pledges.eventId, eventIds), countedPledges()));
    return Number(row?.n ?? 0);
  },
};
