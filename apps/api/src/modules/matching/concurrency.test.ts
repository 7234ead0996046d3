// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outboxEmails, pledges } from '../../db/schema.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { providerChargesOf } from '../../money-matrix/test-money-checks.ts';
import { chargePledge } from '../charging/charge-pledge.ts';
import { topUpMatchesFor } from '../charging/matches.ts';
import { createRateLimiter } from '../charging/rate-limiter.ts';
import { matchTopUps, pledgeMatches } from './tables.ts';
import { CARDS, expectBooksBalanced, liveCampaign, pledgeFrom, saveCard } from '../../test/money.ts';
import { adminClient, pledgeRow } from '../../test/factories.ts';

/** Matches under races (decision 109): double submits, a completion racing an offer, charge runs at once, top-ups. Runs on PostgreSQL too. */
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
  return { ...sponsor, cardId: await saveCard(sponsor.client) };
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
    // One request starts the run (201); the others are answered with that same run (200).
    expect(starts.map((answer) => answer.status).sort()).toEqual([...Array<number>(RACERS - 1).fill(200), 201]);
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

  it('two pledges recovered at once, each sent again and again, top the match up once each and never past the cap', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorWithCard();
    expect((await sponsor.client.post(`/api/events/${event.id}/matches`, { ...offerBody(sponsor.cardId), cap: 50 })).status).toBe(201);
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 3_000 });
    const declined = await Promise.all(
      [0, 1].map(async () => {
        const donor = await signUp(server.url);
        const { pledge } = await pledgeFrom(server, donor, event.id, { amountCents: 2_000, card: CARDS.declined });
        return { donor, pledge };
      }),
    );
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    await admin.post(`/api/admin/events/${event.id}/charge`);
    await server.app.ctx.jobs.drain();
    expect((await matchPledges(event.id)).map((pledge) => pledge.amountCents)).toEqual([3_000]);

    // Both donors give a new card at the same moment, each request sent RACERS / 2 times (double clicks, retries).
    const cards = await Promise.all(declined.map(({ donor }) => saveCard(donor.client)));
    const answers = await Promise.all(
      declined.flatMap(({ donor, pledge }, nth) =>
        Array.from({ length: RACERS / 2 }, () => donor.client.post(`/api/pledges/${pledge.id}/payment-method`, { payment_method_id: cards[nth] })),
      ),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    // Several workers charge the top-up at once, before the queue's own job runs.
    const topUps = await server.app.ctx.db
      .select()
      .from(matchTopUps)
      .innerJoin(pledgeMatches, eq(pledgeMatches.id, matchTopUps.matchId))
      .where(eq(pledgeMatches.eventId, event.id));
    expect(topUps.map(({ match_top_ups: topUp }) => topUp.amountCents)).toEqual([2_000]);
    const limiter = createRateLimiter(1_000);
    await Promise.all([0, 1, 2].map(() => chargePledge(server.app.ctx, limiter, topUps[0]!.match_top_ups.pledgeId)));
    await server.app.ctx.jobs.drain();

    const matches = await matchPledges(event.id);
    // $30 fixed at the run; the $50 cap leaves $20: one recovered $20 tops it up, the other finds the cap reached.
    expect(matches.map((pledge) => [pledge.amountCents, pledge.status]).sort()).toEqual([
      [2_000, 'charged'],
      [3_000, 'charged'],
    ]);
    for (const pledge of matches) expect(await providerChargesOf(server, `${pledge.idempotencyKey}:`)).toBe(1);
    const report = await expectBooksBalanced(server);
    expect(report.reconciliation.provider_without_posting).toEqual([]);
    expect(report.reconciliation.posting_without_provider).toEqual([]);
  });

  it('of two top-ups booked at once, the second waits for the first on the match and finds the cap reached', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorWithCard();
    expect((await sponsor.client.post(`/api/events/${event.id}/matches`, { ...offerBody(sponsor.cardId), cap: 50 })).status).toBe(201);
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 3_000 });
    const declined = await Promise.all(
      [0, 1].map(async () => (await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 2_000, card: CARDS.declined })).pledge),
    );
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    await admin.post(`/api/admin/events/${event.id}/charge`);
    await server.app.ctx.jobs.drain();
    const [first, second] = await Promise.all(declined.map((pledge) => pledgeRow(server, pledge.id)));

    // The first booking holds its transaction open once it topped up, until the second has begun its own
    // (or a second has passed: PGlite runs one transaction at a time), so without the locks both would add $20.
    let secondBegan!: () => void;
    const began = new Promise<void>((resolve) => (secondBegan = resolve));
    let firstToppedUp!: () => void;
    const toppedUp = new Promise<void>((resolve) => (firstToppedUp = resolve));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const { db } = server.app.ctx;
    const [ofFirst, ofSecond] = await Promise.all([
      db.transaction(async (tx) => {
        const ids = await topUpMatchesFor(tx, first!);
        firstToppedUp();
        await Promise.race([began.then(() => pause(300)), pause(1_000)]);
        return ids;
      }),
      toppedUp.then(() =>
        db.transaction(async (tx) => {
          secondBegan();
          return topUpMatchesFor(tx, second!);
        }),
      ),
    ]);
    expect([ofFirst.length, ofSecond.length]).toEqual([1, 0]);
    const topUps = await server.app.ctx.db
      .select()
      .from(matchTopUps)
      .innerJoin(pledgeMatches, eq(pledgeMatches.id, matchTopUps.matchId))
      .where(eq(pledgeMatches.eventId, event.id));
    expect(topUps.map(({ match_top_ups: topUp }) => [topUp.recoveredPledgeId, topUp.amountCents])).toEqual([[first!.id, 2_000]]);
  });
});
