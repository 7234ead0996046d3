import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, users } from '../../db/schema.ts';

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
};
