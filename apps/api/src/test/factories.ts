import { eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { charities, charityGroups, events, outboxEmails, pledges, users } from '../db/schema.ts';
import { signUp, TestClient } from './client.ts';
import type { TestServer } from './harness.ts';

// The test kit's factories: people, charities, campaigns and pledges, written straight to the
// database when the test is not about how they are made. Every module's tests use them; none of
// them lives in a module (a module's test helper would make the modules import each other).

/** A signed-up person: their client (signed in), e-mail address, password and user. */
export type Person = Awaited<ReturnType<typeof signUp>>;

export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function makeAdmin(server: TestServer, userId: string) {
  await server.app.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
}

/** A new admin, signed in again after the promotion so that the session carries the role. */
export async function adminClient(server: TestServer): Promise<TestClient> {
  const signed = await signUp(server.url, { name: 'Ada Admin' });
  await makeAdmin(server, signed.user._id);
  const admin = new TestClient(server.url);
  admin.accessToken = (await admin.post('/api/site/login', { email: signed.email, password: signed.password })).data.user.accessToken;
  return admin;
}

/** A signed-in user whose identity is verified and whose profile is complete. */
export async function verifiedCreator(server: TestServer, name = 'Casey Creator') {
  const signed = await signUp(server.url, { name });
  await server.app.ctx.db
    .update(users)
    .set({ identityStatus: 'verified', occupation: 'Organizer', companyName: 'Riverside Runners' })
    .where(eq(users.id, signed.user._id));
  return signed;
}

let counter = 0;

/** A user who owns campaigns and never signs in (the password hash is not a real one). */
export async function createOwner(app: App) {
  counter += 1;
  const [user] = await app.ctx.db
    .insert(users)
    .values({ name: 'Campaign Owner', email: `owner-${Date.now()}-${counter}@example.com`, passwordHash: 'x' })
    .returning();
  return user!;
}

export async function firstCharityId(server: TestServer): Promise<string> {
  const response = await fetch(`${server.url}/api/charities`);
  const groups = (await response.json()) as { charities: { _id: string }[] }[];
  return groups[0]!.charities[0]!._id;
}

/**
 * A charity of its own (so other tests' payouts stay apart), with the legal name and registration
 * number Connect requires unless `registered` is false.
 */
export async function newCharity(server: TestServer, name = `Harbour Food Bank ${crypto.randomUUID().slice(0, 6)}`, registered = true): Promise<string> {
  const [group] = await server.app.ctx.db.select().from(charityGroups).limit(1);
  const values = registered ? { legalName: `${name} Inc.`, registrationNumber: '12-3456789' } : {};
  const [row] = await server.app.ctx.db
    .insert(charities)
    .values({ groupId: group!.id, name, ...values })
    .returning();
  return row!.id;
}

/** Moves a campaign to another charity before its money is settled (the factories fund campaigns for the first charity). */
export async function benefit(server: TestServer, eventId: string, charityId: string): Promise<void> {
  await server.app.ctx.db.update(events).set({ charityId }).where(eq(events.id, eventId));
}

/**
 * A campaign of `ownerId` written straight to the database: pending (awaiting an admin), as a new
 * campaign is, ten days away; override what the test is about (`status: 'approved'` for a live one).
 */
export async function createCampaign(app: App, ownerId: string, values: Partial<typeof events.$inferInsert> = {}): Promise<typeof events.$inferSelect> {
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
      kind: 'event',
      eventDate: daysFromNow(10),
      hostFullName: 'Host Person',
      ...values,
    })
    .returning();
  return row!;
}

/** A pledge written straight to the database: $25, pending, by `userId` (null: no account); override the rest. */
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

export async function pledgeRow(server: TestServer, pledgeId: string) {
  const [row] = await server.app.ctx.db.select().from(pledges).where(eq(pledges.id, pledgeId));
  return row!;
}

/** The e-mails the server sent to `email`, read from its outbox. */
export async function mailsTo(server: TestServer, email: string) {
  return server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email.toLowerCase()));
}
