import { events, pledges, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';

type EventInsert = typeof events.$inferInsert;

let counter = 0;

/** A user who owns test campaigns (password hash is never used to log in). */
export async function createOwner(db: Db) {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({ name: 'Catalog Owner', email: `owner-${Date.now()}-${counter}@example.com`, passwordHash: 'x' })
    .returning();
  return user!;
}

/** Inserts a campaign with sensible defaults; override what the test is about. */
export async function createCampaign(db: Db, ownerId: string, overrides: Partial<EventInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(events)
    .values({
      ownerId,
      name: `Test campaign ${counter}`,
      description: 'A campaign created by a test.',
      categories: ['Community'],
      targetCents: 100_000,
      status: 'approved',
      kind: 'event',
      eventDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      hostFullName: 'Test Host',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function addPledge(db: Db, eventId: string, amountCents: number, status: 'pending' | 'charged' | 'released' = 'pending') {
  counter += 1;
  await db.insert(pledges).values({ eventId, amountCents, status, idempotencyKey: `test-pledge-${Date.now()}-${counter}` });
}
