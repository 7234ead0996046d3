import { events, pledges } from '../../db/schema.ts';
import type { App } from '../../app.ts';
import type { CampaignRow } from '../event-records/service.ts';

/** Test factories for the signed-in area: campaigns and pledges written straight to the database. */
let counter = 0;

export async function createCampaign(app: App, ownerId: string, values: Partial<typeof events.$inferInsert> = {}): Promise<CampaignRow> {
  counter += 1;
  const [row] = await app.ctx.db
    .insert(events)
    .values({
      ownerId,
      name: `Campaign ${counter}`,
      description: 'A test campaign that raises money for a good cause.',
      categories: ['Charity'],
      targetCents: 100_000,
      status: 'pending',
      eventDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      hostFullName: 'Host Person',
      ...values,
    })
    .returning();
  return row!;
}

export async function createPledge(
  app: App,
  userId: string | null,
  eventId: string,
  values: Partial<typeof pledges.$inferInsert> = {},
): Promise<typeof pledges.$inferSelect> {
  counter += 1;
  const [row] = await app.ctx.db
    .insert(pledges)
    .values({ userId, eventId, amountCents: 2_500, idempotencyKey: `test-pledge-${counter}-${Date.now()}`, ...values })
    .returning();
  return row!;
}
