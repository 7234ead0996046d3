// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outboxEmails, pledges } from '../../db/schema.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { providerChargesOf } from '../../money-matrix/test-money-checks.ts';
import { chargePledge } from '../charging/charge-pledge.ts';
import { createRateLimiter } from '../charging/rate-limiter.ts';
import { addCard, adminClient, expectBooksBalanced, liveCampaign, pledgeFrom } from '../charging/test-helpers.ts';
import { pledgeMatches } from './tables.ts';

/** Matches under races (decision 109): double submits, a completion racing an offer, charge runs at once. Runs on PostgreSQL too. */
let server: TestServer;
let admin: TestClient;
const RACERS = 20;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});
afterAll(async () => server.close());

async function sponsorWithCard() {
  const sponsor = await signUp(server.url, { name: 'Acme Foods' });
  return { ...sponsor, cardId: await addCard(sponsor.client) };
}

const offerBody = (cardId: string) => ({ ratio: 1, cap: 500, sponsor_name: 'Acme Foods', payment_method_id: cardId });

async function matchPledges(eventId: string) {
  return server.app.ctx.db
    .select()
    .from(pledges)
    .where(and(eq(pledges.eventId, eventId), eq(pledges.kind, 'match')));
}

describe('matches under races', () => {
  it('a double submit makes one offer and one confirmation', async () => {
    const event = await liveCampaign(server, await signUp(server.url), admin);
    const sponsor = await sponsorWithCard();
    const answers = await Promise.all(Array.from({ length: RACERS }, () => sponsor.client.post(`/api/events/${event.id}/matches`, offerBody(sponsor.cardId))));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 201).every((answer) => answer.status === 409 || answer.status === 429)).toBe(true);
    expect(await server.app.ctx.db.select().from(pledgeMatches).where(eq(pledgeMatches.eventId, event.id))).toHaveLength(1);
    const confirmations = await server.app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, sponsor.email.toLowerCase()), eq(outboxEmails.kind, 'match-offered')));
    expect(confirmations).toHaveLength(1);
  });

  it('an offer racing the completion is either refused or charged with the run, never left behind', async () => {
    for (let round = 0; round < 3; round += 1) {
      const creator = await signUp(server.url);
      const event = await liveCampaign(server, creator, admin);
      await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 2_000 });
      const sponsor = await sponsorWithCard();
      const [offered, completed] = await Promise.all([
        sponsor.client.post(`/api/events/${event.id}/matches`, offerBody(sponsor.cardId)),
        creator.client.post(`/api/events/${event.id}/complete`),
      ]);
      expect(completed.status).toBe(200);
      expect([201, 409]).toContain(offered.status);
      await admin.post(`/api/admin/events/${event.id}/charge`);
      await server.app.ctx.jobs.drain();
      const rows = await server.app.ctx.db.select().from(pledgeMatches).where(eq(pledgeMatches.eventId, event.id));
      if (offered.status === 201) {
        expect(rows).toMatchObject([{ status: 'settled' }]);
        expect(await matchPledges(event.id)).toMatchObject([{ amountCents: 2_000, status: 'charged' }]);
      } else {
        expect(offered.data.message).toBe('This campaign is not accepting pledges right now');
        expect(rows).toHaveLength(0);
      }
    }
    await expectBooksBalanced(server);
  });

  it('charge runs and pledge charges at once fix and charge the match exactly once', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorWithCard();
    expect((await sponsor.client.post(`/api/events/${event.id}/matches`, offerBody(sponsor.cardId))).status).toBe(201);
    const made = await Promise.all(
      Array.from({ length: 4 }, async (_, nth) => (await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 1_000 + nth * 100 })).pledge),
    );
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    const starts = await Promise.all(Array.from({ length: RACERS }, () => admin.post(`/api/admin/events/${event.id}/charge`)));
    expect(starts.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    // Every supporter's pledge charged by several workers at once, before the queue's own jobs run.
    const limiter = createRateLimiter(1_000);
    await Promise.all(made.flatMap((pledge) => [0, 1, 2].map(() => chargePledge(server.app.ctx, limiter, pledge.id))));
    await server.app.ctx.jobs.drain();
    const matches = await matchPledges(event.id);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ amountCents: 4_600, status: 'charged' });
    // Several workers on the match's own pledge charge it once at the provider.
    await Promise.all([0, 1, 2].map(() => chargePledge(server.app.ctx, limiter, matches[0]!.id)));
    expect(await providerChargesOf(server, `${matches[0]!.idempotencyKey}:`)).toBe(1);
    await expectBooksBalanced(server);
  });
});
