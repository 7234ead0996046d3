import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import { campaignEmbedOrigins } from './tables.ts';

/** SQL of embeds: the sites allowed to frame a campaign's embed. */
export const embedsRepository = {
  async findCampaign(db: Executor, eventId: string) {
    const [row] = await db.select({ id: events.id, ownerId: events.ownerId }).from(events).where(eq(events.id, eventId)).limit(1);
    return row;
  },

  async originsOf(db: Executor, eventId: string): Promise<string[]> {
    const rows = await db
      .select({ origin: campaignEmbedOrigins.origin })
      .from(campaignEmbedOrigins)
      .where(eq(campaignEmbedOrigins.eventId, eventId))
      .orderBy(asc(campaignEmbedOrigins.createdAt), asc(campaignEmbedOrigins.origin));
    return rows.map((row) => row.origin);
  },

  async replace(tx: Executor, eventId: string, origins: string[]): Promise<void> {
    await tx.delete(campaignEmbedOrigins).where(eq(campaignEmbedOrigins.eventId, eventId));
    if (origins.length) await tx.insert(campaignEmbedOrigins).values(origins.map((origin) => ({ eventId, origin })));
  },
};
