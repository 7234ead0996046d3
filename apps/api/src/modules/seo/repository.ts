import { desc, inArray } from 'drizzle-orm';
import { PUBLIC_LIST_STATUSES } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { events } from '../../db/schema.ts';

export const seoRepository = {
  /** Campaign pages the sitemap lists: the live ones, as in the public lists. */
  liveCampaigns(db: Executor, limit: number): Promise<Array<{ id: string; updatedAt: Date }>> {
    return db
      .select({ id: events.id, updatedAt: events.updatedAt })
      .from(events)
      .where(inArray(events.status, [...PUBLIC_LIST_STATUSES]))
      .orderBy(desc(events.updatedAt))
      .limit(limit);
  },
};
