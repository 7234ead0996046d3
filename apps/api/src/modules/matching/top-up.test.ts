import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ledgerTransactions, pledges } from '../../db/schema.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { disputes } from '../disputes/tables.ts';
import { chargeRuns } from '../charging/tables.ts';
import { matchTopUps } from './tables.ts';
import { CARDS, expectBooksBalanced, liveCampaign, pledgeFrom, saveCard } from '../../test/money.ts';
import { adminClient, mailsTo, type Person, pledgeRow } from '../../test/factories.ts';

/**
 * A match follows the pledges actually charged (decision 109): a matched pledge declined at the
 * charge run and charged within its failed-charge window tops the match up, within the cap.
 */
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

async function sponsorOffers(eventId: string, terms: Record<string, unknown>, card: string = CARDS.visa) {
  const sponsor = await signUp(server.url, { name: 'Acme Foods' });
  const cardId = await saveCard(sponsor.client, card);
  const offered = await sponsor.client.post(`/api/events/${eventId}/matches`, { sponsor_name: 'Acme Foods', payment_method_id: cardId, ...terms });
  expect(offered.status, JSON.stringify(offered.data)).toBe(201);
  return { ...sponsor, matchId: offered.data.data.match._id as string };
}

/** A supporter's pending pledge made now by the test clock (a match's window is checked against it). */
async function supporterPledges(eventId: string, amountCents: number, card: string = CARDS.visa, at = clock.now()) {
  const supporter = await signUp(server.url);
  const { pledge } = await pledgeFrom(server, supporter, eventId, { amountCents, card });
  await server.app.ctx.db.update(pledges).set({ createdAt: at }).where(eq(pledges.id, pledge.id));
  return { supporter, pledge };
}

async function completeAndCharge(creator: Person, eventId: string) {
  expect((await creator.client.post(`/api/events/${eventId}/complete`)).status).toBe(200);
  expect((await admin.post(`/api/admin/events/${eventId}/charge`)).status).toBe(201);
  await server.app.ctx.jobs.drain();
}

/** The donor gives another card through Update payment method, as the charge-failed e-mail's link does. */
async function updateCard(person: Person, pledgeId: string, card: string = CARDS.visa) {
  const cardId = await saveCard(person.client, card);
  const answer = await person.client.post(`/api/pledges/${pledgeId}/payment-method`, { payment_method_id: cardId });
  expect(answer.status, JSON.stringify(answer.data)).toBe(200);
  await server.app.ctx.jobs.drain();
  return answer.data;
}

async function matchPledges(eventId: string) {
  return server.app.ctx.db
    .select()
    .from(pledges)
    .where(and(eq(pledges.eventId, eventId), eq(pledges.kind, 'match')))
    .orderBy(asc(pledges.createdAt));
}

async function theMatch(client: TestClient, eventId: string) {
  return ((await client.get(`/api/events/${eventId}/matches`)).data.data.matches as Array<Record<string, unknown>>)[0];
}

/** The books and the two-way reconciliation with the provider (`npm run ledger:verify`) both clean. */
async function expectReconciled() {
  const report = await expectBooksBalanced(server);
  expect(report.reconciliation.provider_without_posting).toEqual([]);
  expect(report.reconciliation.posting_without_provider).toEqual([]);
}

describe('a match topped up by a pledge charged late', () => {
  it('tops up 2:1 when a declined pledge is charged five minutes later through Update payment method, and a lost dispute takes nothing back', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const now = clock.now().getTime();
    const sponsor = await sponsorOffers(event.id, { ratio: 2, cap: 500, ends_at: new Date(now + 3_600_000).toISOString() });
    await supporterPledges(event.id, 2_000);
    const declined = await supporterPledges(event.id, 3_000, CARDS.declined);
    await completeAndCharge(creator, event.id);
    const [ran] = await server.app.ctx.db.select().from(chargeRuns).where(eq(chargeRuns.eventId, event.id));
    expect(await matchPledges(event.id)).toMatchObject([{ amountCents: 4_000, status: 'charged' }]);
    expect(await pledgeRow(server, declined.pledge.id)).toMatchObject({ status: 'failed' });
    expect(await theMatch(sponsor.client, event.id)).toMatchObject({ status: 'charged', matched_amount: 40, charged_amount: 40 });

    clock.advance(5 * 60_000);
    // The new card is the bank's dispute test card: charged now, disputed by its bank afterwards.
    expect(await updateCard(declined.supporter, declined.pledge.id, CARDS.dispute)).toMatchObject({ message: 'Your payment method was charged. Thank you!' });

    const [first, topUp] = await matchPledges(event.id);
    expect(topUp).toMatchObject({ amountCents: 6_000, status: 'charged', userId: sponsor.user._id, platformFeeCents: 180 });
    expect(topUp!.idempotencyKey).toBe(`match-top-up:${sponsor.matchId}:${declined.pledge.id}`);
    expect(topUp!.chargeRunId).toBe(first!.chargeRunId);
    const [run] = await server.app.ctx.db.select().from(chargeRuns).where(eq(chargeRuns.eventId, event.id));
    // The top-up joined the campaign's run, which ran again until it was charged.
    expect(run).toMatchObject({ status: 'finished', total: ran!.total + 1 });
    const [posting] = await server.app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.pledgeId, topUp!.id));
    expect(posting).toMatchObject({ kind: 'match_top_up', idempotencyKey: `match-top-up:${topUp!.id}`, providerRef: topUp!.providerChargeRef });
    expect(posting!.memo).toEqual({ match_id: sponsor.matchId, sponsor_name: 'Acme Foods', recovered_pledge_id: declined.pledge.id });
    const receipt = (await mailsTo(server, sponsor.email)).find((mail) => mail.kind === 'match-top-up-receipt');
    expect(receipt?.text).toContain('Top-up: $60.00');
    expect(await theMatch(sponsor.client, event.id)).toMatchObject({ status: 'charged', matched_amount: 100, charged_amount: 100 });
    const openLedger = (await sponsor.client.get(`/api/events/${event.id}/money`)).data.data as { lines: { kind: string; label: string }[] };
    expect(openLedger.lines.find((line) => line.kind === 'match_top_up')?.label).toBe("Sponsor's match topped up for a pledge charged late");
    await expectReconciled();

    const [dispute] = await server.app.ctx.db.select().from(disputes).where(eq(disputes.pledgeId, declined.pledge.id));
    expect(dispute).toBeDefined();
    expect((await admin.post(`/api/admin/disputes/${dispute!.id}/sandbox-outcome`, { outcome: 'lost' })).status).toBe(200);
    await server.app.ctx.jobs.drain();
    expect(await pledgeRow(server, declined.pledge.id)).toMatchObject({ status: 'dispute_lost' });
    expect((await matchPledges(event.id)).map((pledge) => [pledge.amountCents, pledge.status])).toEqual([
      [4_000, 'charged'],
      [6_000, 'charged'],
    ]);
    expect(await theMatch(sponsor.client, event.id)).toMatchObject({ matched_amount: 100, charged_amount: 100 });
    await expectReconciled();
  });

  it('tops up only what the cap leaves, never for a pledge outside the window, and a $0 match becomes its first charge', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const now = clock.now().getTime();
    const early = await supporterPledges(event.id, 2_500, CARDS.declined, new Date(now - 7_200_000));
    const sponsor = await sponsorOffers(event.id, { ratio: 1, cap: 50, starts_at: new Date(now - 3_600_000).toISOString() });
    await supporterPledges(event.id, 4_000);
    const late = await supporterPledges(event.id, 3_000, CARDS.declined);
    const zeroSponsor = await sponsorOffers(event.id, { ratio: 1, cap: 20, starts_at: new Date(now + 60_000).toISOString(), sponsor_name: 'Later Co' });
    clock.advance(120_000);
    const afterStart = await supporterPledges(event.id, 1_500, CARDS.declined);
    await completeAndCharge(creator, event.id);
    expect((await matchPledges(event.id)).map((pledge) => pledge.amountCents)).toEqual([4_000]);

    await updateCard(early.supporter, early.pledge.id);
    expect(await server.app.ctx.db.select().from(matchTopUps)).not.toContainEqual(expect.objectContaining({ recoveredPledgeId: early.pledge.id }));
    await updateCard(late.supporter, late.pledge.id);
    await updateCard(afterStart.supporter, afterStart.pledge.id);
    const byUser = (await matchPledges(event.id)).map((pledge) => [pledge.userId, pledge.amountCents, pledge.status]);
    expect(byUser).toEqual([
      [sponsor.user._id, 4_000, 'charged'],
      // $30 charged late, 1:1, but the $50 cap leaves $10; the $15 after it finds the cap reached.
      [sponsor.user._id, 1_000, 'charged'],
      // The second sponsor's window had no pledge charged at the run ($0, nothing charged): the $15 is its first charge.
      [zeroSponsor.user._id, 1_500, 'charged'],
    ]);
    const mine = (await zeroSponsor.client.get('/api/matches/mine')).data.data.matches[0];
    expect(mine).toMatchObject({ status: 'charged', matched_amount: 15, charged_amount: 15 });
    await expectReconciled();
  });

  it('a top-up declined follows a declined match charge: the sponsor is told with the Update payment method link and may give another card', async () => {
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const sponsor = await sponsorOffers(event.id, { ratio: 1, cap: 500 });
    await supporterPledges(event.id, 2_000);
    const declined = await supporterPledges(event.id, 1_200, CARDS.declined);
    await completeAndCharge(creator, event.id);
    const [first] = await matchPledges(event.id);
    // Since the run, the sponsor's card declines.
    const decliningCard = await saveCard(sponsor.client, CARDS.declined);
    await server.app.ctx.db.update(pledges).set({ paymentMethodId: decliningCard }).where(eq(pledges.id, first!.id));

    await updateCard(declined.supporter, declined.pledge.id);
    const topUp = (await matchPledges(event.id))[1]!;
    expect(topUp).toMatchObject({ amountCents: 1_200, status: 'failed', paymentMethodId: decliningCard });
    const told = (await mailsTo(server, sponsor.email)).filter((mail) => mail.kind === 'charge-failed');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(topUp.id);
    expect(await theMatch(sponsor.client, event.id)).toMatchObject({ status: 'failed', matched_amount: 32, charged_amount: 20 });
    const [run] = await server.app.ctx.db.select().from(chargeRuns).where(eq(chargeRuns.eventId, event.id));
    expect(run).toMatchObject({ status: 'finished' });

    await updateCard(sponsor, topUp.id);
    expect(await pledgeRow(server, topUp.id)).toMatchObject({ status: 'charged', retryCount: 1 });
    expect(await theMatch(sponsor.client, event.id)).toMatchObject({ status: 'charged', matched_amount: 32, charged_amount: 32 });
    await expectReconciled();
  });
});
