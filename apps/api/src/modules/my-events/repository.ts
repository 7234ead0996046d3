import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import type { CampaignRow } from '../event-records/index.ts';

export const myEventsRepository = {
  listByOwner(db: Executor, ownerId: string): Promise<CampaignRow[]> {
    return db.select().from(events).where(eq(events.ownerId, ownerId)).orderBy(desc(events.createdAt));
  },
};
