import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { INSTANT_OUT_OF_RANGE_MESSAGE } from '@pledgeway/domain';
import { events, ledgerTransactions, pledges } from '../../db/schema.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

import { pledgeMatches } from './tables.ts';
import { accountBalance, CARDS, expectBooksBalanced, fundedCampaign, liveCampaign, liveRunoff, pledgeFrom, saveCard } from '../../test/money.ts';
import { adminClient, mailsTo, type Person } from '../../test/factories.ts';

let server: TestServer;
let admin: TestClient;
let clock: TestClock;

beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock();
  server.app.ctx.clock = clock;
  admin = await adminClient(server);
});
afterAll(async () => server.close());

async function sponsorWithCard(name = 'Acme Foods') {
  const sponsor = await signUp(server.url, { name });
  return { ...sponsor, cardId: await saveCard(sponsor.client) };
}

type Sponsor = Awaited<ReturnType<typeof sponsorWithCard>>;

async function offer(sponsor: Sponsor, eventId: string, terms: Record<string, unknown> = {}) {
  return sponsor.client.post(`/api/events/${eventId}/matches`, { ratio: 1, cap: 500, sponsor_name: 'Acme Foods', payment_method_id: sponsor.cardId, ...terms });
}

/** A supporter's pending pledge made at `at` (the window is checked against when a pledge was made). */
async function pledgeAt(eventId: string, amountCents: number, options: { at?: string; card?: string; optionId?: string } = {}) {
  const supporter = await signUp(server.url);
  const { pledge } = await pledgeFrom(server, supporter, eventId, { amountCents, card: options.card });
  const values: Partial<typeof pledges.$inferInsert> = {};
  if (options.at) values.createdAt = new Date(options.at);
  if (options.optionId) values.participantId = options.optionId;
  if (Object.keys(values).length) await server.app.ctx.db.update(pledges).set(values).where(eq(pledges.id, pledge.id));
  return pledge;
}

async function completeAndCharge(creator: Person, eventId: string) {
  expect((await creator.client.post(`/api/events/${eventId}/complete`)).status).toBe(200);
  const started = await admin.post(`/api/admin/events/${eventId}/charge`);
  expect(started.status).toBe(201);
  await server.app.ctx.jobs.drain();
  return (await admin.get(`/api/admin/charge-runs/${started.data.data._id}`)).data.data;
}

async function matchesOf(eventId: string) {
  const listed = await server.app.ctx.db
    .select()
    .from(pledges)
    .where(and(eq(pledges.eventId, eventId), eq(pledges.kind, 'match')));
  const answer = await admin.get(`/api/events/${eventId}/matches`);
  expect(answer.status).toBe(200);
  return { pledges: listed, answer: answer.data.data.matches as Array<Record<string, unknown>> };
}

describe('offering a match', () => {
  it('offers a match, confirms it by e-mail, and shows the match so far from the pledges counted now', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorWithCard();
    const offered = await offer(sponsor, event.id, { ratio: 2, cap: 100, ends_at: new Date(clock.now().getTime() + 86_400_000).toISOString() });
    expect(offered.status, JSON.stringify(offered.data)).toBe(201);
    expect(offered.data.message).toBe('Your match is offered. Your card will be charged only when the event is completed, for the pledges actually charged.');
    expect(offered.data.data.match).toMatchObject({ sponsor_name: 'Acme Foods', ratio: 2, cap: 100, status: 'offered', matched_amount: 0 });
    expect((await mailsTo(server, sponsor.email)).map((mail) => mail.kind)).toContain('match-offered');

    await pledgeAt(event.id, 2_000);
    await pledgeAt(event.id, 1_250);
    const { answer } = await matchesOf(event.id);
    expect(answer).toHaveLength(1);
    expect(answer[0]).toMatchObject({ matched_amount: 65, cap: 100, status: 'offered' });
    const mine = await sponsor.client.get('/api/matches/mine');
    expect(mine.data.data.matches[0]).toMatchObject({ event_name: event.name, matched_amount: 65 });
    // Nothing is charged, and no pledge exists for the match, before the campaign's charge.
    expect((await matchesOf(event.id)).pledges).toHaveLength(0);
  });

  it('refuses bad offers with a clear message and changes nothing', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorWithCard();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ratio: 3 }, 'ratio', 'Choose 1:1 or 2:1'],
      [{ cap: 0.5 }, 'cap', 'The cap must be at least $1'],
      [{ cap: 50_001 }, 'cap', 'The cap cannot exceed $50,000'],
      [{ cap: 10.005 }, 'cap', 'Use at most two decimals'],
      [{ sponsor_name: ' ' }, 'sponsor_name', 'Sponsor name is required'],
      [{ starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }, 'ends_at', 'The window must end after it starts'],
      [{ ends_at: 'tomorrow-ish' }, 'ends_at', 'Please enter a valid date and time'],
      // Instants JavaScript reads but the database cannot store (it took the sign for a time zone: a 500).
      [{ ends_at: '+275760-09-13T00:00:00Z' }, 'ends_at', INSTANT_OUT_OF_RANGE_MESSAGE],
      [{ starts_at: '-271821-04-20T00:00:00Z' }, 'starts_at', INSTANT_OUT_OF_RANGE_MESSAGE],
      [{ ends_at: '+010000-01-01T00:00:00Z' }, 'ends_at', INSTANT_OUT_OF_RANGE_MESSAGE],
      [{ starts_at: '0000-06-01T00:00:00Z' }, 'starts_at', INSTANT_OUT_OF_RANGE_MESSAGE],
      [{ ends_at: new Date(clock.now().getTime() - 1_000).toISOString() }, 'ends_at', 'The window of a match must end in the future'],
      [{ payment_method_id: crypto.randomUUID() }, 'payment_method_id', 'Please select a payment method or add a new one'],
      [{ participant_id: crypto.randomUUID() }, 'participant_id', 'Only a runoff campaign has options to match'],
    ];
    for (const [terms, field, message] of cases) {
      const refused = await offer(sponsor, event.id, terms);
      expect(refused.status, JSON.stringify(terms)).toBe(400);
      expect(refused.data.fields[field]).toBe(message);
    }
    expect((await sponsor.client.post(`/api/events/${event.id}/matches`, {})).status).toBe(400);
    const anonymous = await fetch(`${server.url}/api/events/${event.id}/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ratio: 1, cap: 10, sponsor_name: 'Nobody', payment_method_id: sponsor.cardId }),
    });
    expect(anonymous.status).toBe(401);
    expect((await offer(sponsor, crypto.randomUUID())).status).toBe(404);
    const pending = await liveCampaign(server, await signUp(server.url), admin);
    await server.app.ctx.db.update(events).set({ status: 'freeze' }).where(eq(events.id, pending.id));
    expect((await offer(sponsor, pending.id)).data.message).toBe('Event Frozen');
    expect(await server.app.ctx.db.select().from(pledgeMatches).where(eq(pledgeMatches.sponsorId, sponsor.user._id))).toHaveLength(0);

    const unpublished = await fundedCampaign(server, await signUp(server.url));
    expect((await sponsor.client.get(`/api/events/${unpublished.id}/matches`)).status).toBe(404);
    expect((await offer(sponsor, unpublished.id)).data.message).toBe('This campaign is not accepting pledges right now');

    expect((await offer(sponsor, event.id)).status).toBe(201);
    const twice = await offer(sponsor, event.id);
    expect(twice.status).toBe(409);
    expect(twice.data.message).toBe('You already offer a match on this campaign');
    expect(await server.app.ctx.db.select().from(pledgeMatches).where(eq(pledgeMatches.sponsorId, sponsor.user._id))).toHaveLength(1);
  });
});

describe('charging a match', () => {
  it('1:1 up to the cap, from the pledges actually charged: a declined pledge is not matched', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorWithCard();
    expect((await offer(sponsor, event.id, { ratio: 1, cap: 60 })).status).toBe(201);
    await pledgeAt(event.id, 2_500);
    await pledgeAt(event.id, 2_000);
    await pledgeAt(event.id, 9_000, { card: CARDS.declined });
    // Counted now: $25 + $20 + $90, capped at $60.
    expect((await matchesOf(event.id)).answer[0]).toMatchObject({ matched_amount: 60 });

    const run = await completeAndCharge(creator, event.id);
    const { pledges: made, answer } = await matchesOf(event.id);
    expect(made).toHaveLength(1);
    // Charged: $25 + $20 = $45 (the $90 was declined): under the $60 cap.
    expect(made[0]).toMatchObject({ amountCents: 4_500, status: 'charged', platformFeeCents: 135, userId: sponsor.user._id, chargeRunId: run._id });
    expect(answer[0]).toMatchObject({ status: 'charged', matched_amount: 45 });
    expect(run).toMatchObject({ status: 'finished', charged: 4, failed: 1 });

    const [posting] = await server.app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.pledgeId, made[0]!.id));
    expect(posting).toMatchObject({ kind: 'match_charge', idempotencyKey: `match-charge:${made[0]!.id}` });
    expect(posting!.memo).toEqual({ match_id: answer[0]!._id, sponsor_name: 'Acme Foods' });
    const openLedger = (await sponsor.client.get(`/api/events/${event.id}/money`)).data.data as { lines: { kind: string; label: string }[] };
    expect(openLedger.lines.find((line) => line.kind === 'match_charge')).toMatchObject({ label: "Sponsor's match charged" });
    const receipt = (await mailsTo(server, sponsor.email)).find((mail) => mail.kind === 'match-receipt');
    expect(receipt?.text).toContain('Match: $45.00');
    // $45.00 charged, card fee 2.9% + $0.30 = $1.61, 3% = $1.35: $42.04 to the charity.
    expect(receipt?.text).toContain('Reaches the charity: $42.04');
    expect((await sponsor.client.get('/api/events/pledges')).data.data.pledges.map((pledge: { amount: number }) => pledge.amount)).toContain(45);
    await expectBooksBalanced(server);
  });

  it('2:1 stops at the cap, and the window leaves out pledges made outside it', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const now = clock.now().getTime();
    const sponsor = await sponsorWithCard();
    const window = { starts_at: new Date(now - 3_600_000).toISOString(), ends_at: new Date(now + 3_600_000).toISOString() };
    expect((await offer(sponsor, event.id, { ratio: 2, cap: 70, ...window })).status).toBe(201);
    const other = await sponsorWithCard('Other Co');
    expect((await offer(other, event.id, { ratio: 2, cap: 1_000, sponsor_name: 'Other Co', ...window })).status).toBe(201);
    await pledgeAt(event.id, 1_000, { at: new Date(now - 7_200_000).toISOString() });
    await pledgeAt(event.id, 2_000, { at: new Date(now).toISOString() });
    await pledgeAt(event.id, 1_500, { at: new Date(now + 1_800_000).toISOString() });
    await pledgeAt(event.id, 4_000, { at: new Date(now + 3_600_000).toISOString() });

    await completeAndCharge(creator, event.id);
    const made = (await matchesOf(event.id)).pledges.sort((a, b) => a.amountCents - b.amountCents);
    // In the window: $20 + $15 = $35; 2:1 = $70: the first sponsor's cap exactly, the second's $70 too.
    expect(made.map((pledge) => [pledge.userId, pledge.amountCents, pledge.status])).toEqual(
      expect.arrayContaining([
        [sponsor.user._id, 7_000, 'charged'],
        [other.user._id, 7_000, 'charged'],
      ]),
    );
    await expectBooksBalanced(server);
  });

  it('a runoff match covers its option only', async () => {
    const { creator, event, optionId } = await liveRunoff(server, admin, { winBy: 'donation_total', options: ['Red', 'Blue'] });
    const sponsor = await sponsorWithCard();
    expect((await offer(sponsor, event.id, { participant_id: crypto.randomUUID() })).data.fields.participant_id).toBe(
      'This option is not part of the campaign',
    );
    const offered = await offer(sponsor, event.id, { ratio: 1, cap: 500, participant_id: optionId.Blue });
    expect(offered.status, JSON.stringify(offered.data)).toBe(201);
    expect(offered.data.data.match).toMatchObject({ participant_name: 'Blue' });
    await pledgeAt(event.id, 3_000, { optionId: optionId.Red });
    await pledgeAt(event.id, 1_100, { optionId: optionId.Blue });
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    await server.app.ctx.db.update(events).set({ runoffChargedPlaces: 2 }).where(eq(events.id, event.id));
    await admin.post(`/api/admin/events/${event.id}/charge`);
    await server.app.ctx.jobs.drain();
    const { pledges: made, answer } = await matchesOf(event.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amountCents: 1_100, participantId: optionId.Blue, status: 'charged' });
    expect(answer[0]).toMatchObject({ status: 'charged', matched_amount: 11, participant_name: 'Blue' });
    await expectBooksBalanced(server);
  });

  it('charges nothing for a match of $0, and releases a match when the campaign closes', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorWithCard();
    expect((await offer(sponsor, event.id)).status).toBe(201);
    await pledgeAt(event.id, 4_000, { card: CARDS.declined });
    await completeAndCharge(creator, event.id);
    const { pledges: made, answer } = await matchesOf(event.id);
    expect(made).toHaveLength(0);
    expect(answer[0]).toMatchObject({ status: 'not_charged', matched_amount: 0 });
    expect((await mailsTo(server, sponsor.email)).map((mail) => mail.kind)).toContain('match-not-charged');

    const closer = await signUp(server.url);
    const closing = await liveCampaign(server, closer, admin);
    const sponsor2 = await sponsorWithCard();
    expect((await offer(sponsor2, closing.id)).status).toBe(201);
    const closed = await closer.client.post(`/api/events/${closing.id}/close`);
    expect(closed.status, JSON.stringify(closed.data)).toBe(200);
    expect((await admin.get(`/api/events/${closing.id}/matches`)).data.data.matches[0]).toMatchObject({ status: 'released', matched_amount: 0 });
    expect((await mailsTo(server, sponsor2.email)).map((mail) => mail.kind)).toContain('match-released');
    expect((await offer(await sponsorWithCard(), closing.id)).data.message).toBe('This campaign is not accepting pledges right now');
    // Only the creator's funding moved money on the first campaign: the declined pledge and the $0 match did not.
    expect(await accountBalance(server, 'donor_card', { eventId: event.id })).toBe(-10_000);
  });
});
