// @module-tag concurrency
import { randomUUID } from 'node:crypto';
import { centsToDollars } from '@pledgeway/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { pledges } from '../db/schema.ts';
import { charityDonations } from '../modules/donations/tables.ts';
import { disputes } from '../modules/disputes/tables.ts';
import { createTestClock, type TestClock } from '../lib/clock.ts';
import { rateLimitCounters } from '../lib/rate-limit/tables.ts';
import { chargePledges, CHARGE_PLEDGE_QUEUE } from '../modules/charging/charge-pledge.ts';
import { DEADLINE_CHARGES_QUEUE } from '../modules/charging/deadline.ts';
import { createRateLimiter } from '../modules/charging/rate-limiter.ts';
import { chargeHolds, chargeRuns } from '../modules/charging/tables.ts';
import { pledgeRaises } from '../modules/pledges/tables.ts';
import { matchTopUps, pledgeMatches } from '../modules/matching/tables.ts';
import { MONTHLY_GIFTS_QUEUE, runMonthlyGifts } from '../modules/monthly-giving/schedule.ts';
import { monthlyGiftCharges, monthlyGifts } from '../modules/monthly-giving/tables.ts';
import { signUp, TestClient } from '../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../test/harness.ts';
import { createStripeStandIn, signedStripeEvent } from '../test/stripe-stand-in.ts';
import { createCharityConnectService } from '../modules/charity-connect/service.ts';
import { charityTransfers } from '../modules/charity-connect/tables.ts';
import { createDueTransfers } from '../modules/charity-connect/transfers.ts';
import { isSandbox } from '../providers/payments/index.ts';
import { deliverSandboxEvents } from '../modules/payment-events/service.ts';
import { expectMoneyAgrees, postingsOf, providerChargesOf } from './test-money-checks.ts';
import { adminClient, benefit, createCampaign, firstCharityId, newCharity, pledgeRow } from '../test/factories.ts';
import { accountBalance, CARDS, fundedCampaign, liveCampaign, onboard, pledgeFrom, saveCard, saveSandboxWallet } from '../test/money.ts';

/**
 * The money concurrency matrix (decision 091), generated from the route table like the
 * authorisation matrix: every route that moves money is sent RACERS times at once, once with one
 * Idempotency-Key for all and once with a key each, and afterwards the provider's records, the
 * ledger and the pledge rows must agree and the books verify clean. Every other route is listed as
 * moving no money (reads, GET, move none by definition), so a new route without an entry fails.
 * On PGlite the requests run one statement at a time and this proves correctness; on PostgreSQL
 * they truly race.
 */
const RACERS = 20;
type KeyMode = 'same' | 'different';
type Answer = { status: number; data: unknown };
interface Race {
  client: TestClient | 'stripe-webhook';
  /** Sends the nth racer's request itself, for a race of different requests moving the same money. */
  send?: (nth: number, mode: KeyMode) => Promise<Answer>;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: (nth: number) => unknown;
  /** The statuses a racer may get: the winner's and the clear refusals of the rest. */
  allowed: number[];
  /** What must hold once the race and the jobs it queued are over. */
  after(answers: Answer[], mode: KeyMode): Promise<void>;
}
type Scenario = { stripe?: boolean; prepare(mode: KeyMode): Promise<Race> };
/** A route with more than one way of moving money gets a scenario for each (funding: a saved card, Stripe's Checkout page). */
type Entry = Scenario | Scenario[];

let server: TestServer;
let stripeServer: TestServer;
const standIn = createStripeStandIn();
const WEBHOOK_SECRET = 'whsec_money_matrix';
let admin: TestClient;
let clock: TestClock;
let charityId: string;

const fundingOf = async (eventId: string) =>
  (
    await server.app.ctx.db
      .select()
      .from(pledges)
      .where(eq(pledges.idempotencyKey, `creator-funding:${eventId}`))
  )[0]!;

async function liveCampaignWithCreator() {
  const creator = await signUp(server.url);
  return { creator, event: await liveCampaign(server, creator, admin) };
}

/** A completed campaign with two supporters' pending pledges. */
async function completedWithPledges(options: { card?: string } = {}) {
  const creator = await signUp(server.url);
  const event = await liveCampaign(server, creator, admin);
  const supporters = await Promise.all([signUp(server.url), signUp(server.url)]);
  const made = await Promise.all(
    supporters.map((supporter, nth) => pledgeFrom(server, supporter, event.id, { amountCents: 1_500 + nth * 100, tipPercent: 10, ...options })),
  );
  expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
  return { creator, event, pledges: made.map((made) => made.pledge) };
}

/** A campaign charged for a charity of its own on Connect (decision 131), its failed-charge window over: its transfers are due. */
async function chargedForConnectedCharity() {
  const connected = await newCharity(server);
  await onboard(admin, connected);
  const { event, pledges: made } = await completedWithPledges();
  await benefit(server, event.id, connected);
  expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
  await server.app.ctx.jobs.drain();
  return { charityId: connected, event, pledges: made };
}

/** Each of a charity's movements once at the sandbox, and posted once with the provider's reference. */
async function expectMovementsOnce(charityId: string, kind: 'transfer' | 'reversal', count: number) {
  const rows = await server.app.ctx.db
    .select()
    .from(charityTransfers)
    .where(and(eq(charityTransfers.charityId, charityId), eq(charityTransfers.kind, kind)));
  expect(rows.filter((row) => row.status === 'made')).toHaveLength(count);
  const table = kind === 'transfer' ? 'sandbox_transfers' : 'sandbox_transfer_reversals';
  for (const row of rows) {
    const [atProvider] = await server.app.ctx.database.query<{ n: number }>(`select count(*)::int as n from ${table} where idempotency_key = $1`, [
      row.idempotencyKey,
    ]);
    expect(atProvider!.n).toBe(1);
    const [posted] = await server.app.ctx.database.query<{ n: number }>('select count(*)::int as n from ledger_transactions where provider_ref = $1', [
      row.providerRef,
    ]);
    expect(posted!.n).toBe(1);
  }
}

/** A sponsor's 1:1 match up to $100 on a live campaign, offered through the API. */
async function sponsorsMatch(eventId: string) {
  const sponsor = await signUp(server.url);
  const card = await saveCard(sponsor.client);
  const offered = await sponsor.client.post(`/api/events/${eventId}/matches`, { ratio: 1, cap: 100, sponsor_name: 'Matrix Sponsor', payment_method_id: card });
  expect(offered.status, JSON.stringify(offered.data)).toBe(201);
  return { sponsor, matchId: offered.data.data.match._id as string };
}

/** A supporter's monthly gift started through the API: this month charged. */
async function monthlyGift(card: string = CARDS.visa) {
  const supporter = await signUp(server.url);
  const started = await supporter.client.post(`/api/charities/${charityId}/monthly-gifts`, {
    amount: 14,
    tip: 1,
    payment_method_id: await saveCard(supporter.client, card),
  });
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  return { supporter, giftId: started.data.data.gift._id as string };
}

/** A monthly gift moved to a declining card whose next month declined: a retry is waiting. */
async function monthlyGiftWithDeclinedMonth() {
  const made = await monthlyGift();
  const declining = await saveCard(made.supporter.client, CARDS.declined);
  expect((await made.supporter.client.put(`/api/monthly-gifts/${made.giftId}/card`, { payment_method_id: declining })).status).toBe(200);
  expect((await made.supporter.client.post(`/api/sandbox/monthly-gifts/${made.giftId}/advance`)).status).toBe(200);
  expect(await monthlyChargesOf(made.giftId)).toEqual({ months: 2, charged: 1 });
  return made;
}

async function monthlyChargesOf(giftId: string) {
  const rows = await server.app.ctx.db.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.giftId, giftId));
  return { months: rows.length, charged: rows.filter((row) => row.status === 'charged').length };
}

const MONEY_ROUTES: Record<string, Entry> = {
  'POST /api/events/:id/pledges': {
    async prepare(mode) {
      const event = await liveCampaign(server, await signUp(server.url), admin);
      const supporter = await signUp(server.url);
      const card = await saveCard(supporter.client);
      return {
        client: supporter.client,
        method: 'POST',
        path: `/api/events/${event.id}/pledges`,
        body: () => ({ amount: 25, tip_percent: 10, cover_fees: false, payment_method_id: card }),
        allowed: [200, 201],
        async after() {
          const made = await server.app.ctx.db.select().from(pledges).where(eq(pledges.userId, supporter.user._id));
          expect(made).toHaveLength(mode === 'same' ? 1 : RACERS);
        },
      };
    },
  },
  // An offer moves no money itself; the race is that one offer is made and charged once at completion.
  'POST /api/events/:id/matches': {
    async prepare() {
      const creator = await signUp(server.url);
      const event = await liveCampaign(server, creator, admin);
      await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 1_200 });
      const sponsor = await signUp(server.url);
      const card = await saveCard(sponsor.client);
      return {
        client: sponsor.client,
        method: 'POST',
        path: `/api/events/${event.id}/matches`,
        body: () => ({ ratio: 2, cap: 100, sponsor_name: 'Matrix Sponsor', payment_method_id: card }),
        allowed: [201, 409],
        async after(answers) {
          expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
          expect(await server.app.ctx.db.select().from(pledgeMatches).where(eq(pledgeMatches.eventId, event.id))).toHaveLength(1);
          expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
          await admin.post(`/api/admin/events/${event.id}/charge`);
          await server.app.ctx.jobs.drain();
          const [match] = await server.app.ctx.db
            .select()
            .from(pledges)
            .where(and(eq(pledges.eventId, event.id), eq(pledges.kind, 'match')));
          expect(match).toMatchObject({ amountCents: 2_400, status: 'charged' });
          expect(await providerChargesOf(server, `${match!.idempotencyKey}:`)).toBe(1);
        },
      };
    },
  },
  'POST /api/pledges/:id/raise': {
    async prepare() {
      const event = await liveCampaign(server, await signUp(server.url), admin);
      const supporter = await signUp(server.url);
      const { pledge } = await pledgeFrom(server, supporter, event.id, { amountCents: 2_500 });
      return {
        client: supporter.client,
        method: 'POST',
        path: `/api/pledges/${pledge.id}/raise`,
        body: () => ({ amount: 80, tip_percent: 10, cover_fees: false }),
        allowed: [200, 400, 409],
        async after(answers) {
          expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
          expect(await server.app.ctx.db.select().from(pledgeRaises).where(eq(pledgeRaises.pledgeId, pledge.id))).toHaveLength(1);
          expect(await pledgeRow(server, pledge.id)).toMatchObject({ amountCents: 8_000, status: 'pending' });
        },
      };
    },
  },
  'POST /api/pledges/:id/payment-method': {
    async prepare() {
      const { creator, event } = await liveCampaignWithCreator();
      const donor = await signUp(server.url);
      const { pledge } = await pledgeFrom(server, donor, event.id, { amountCents: 2_000, card: CARDS.insufficientFunds });
      // A sponsor's match covers it: its recovery tops the match up, once however many requests race.
      const { matchId } = await sponsorsMatch(event.id);
      expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
      await admin.post(`/api/admin/events/${event.id}/charge`);
      await server.app.ctx.jobs.drain();
      expect((await pledgeRow(server, pledge.id)).status).toBe('failed');
      const card = await saveCard(donor.client);
      return {
        client: donor.client,
        method: 'POST',
        path: `/api/pledges/${pledge.id}/payment-method`,
        body: () => ({ payment_method_id: card }),
        allowed: [200, 409],
        async after() {
          expect(await providerChargesOf(server, `${pledge.idempotencyKey}:`)).toBe(1);
          expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'charged', retryCount: 1 });
          const topUps = await server.app.ctx.db.select().from(matchTopUps).where(eq(matchTopUps.matchId, matchId));
          expect(topUps).toMatchObject([{ recoveredPledgeId: pledge.id, amountCents: 2_000 }]);
          expect(await pledgeRow(server, topUps[0]!.pledgeId)).toMatchObject({ status: 'charged' });
          expect(await postingsOf(server, event.id, 'match_top_up')).toBe(1);
        },
      };
    },
  },
  // The on-site confirmation of a pledge's charge the bank asked about (decision 260): approved once, booked once, the match topped up once.
  'POST /api/pledges/:id/authenticate': {
    async prepare() {
      const { creator, event } = await liveCampaignWithCreator();
      const donor = await signUp(server.url);
      const { pledge } = await pledgeFrom(server, donor, event.id, { amountCents: 2_000, card: CARDS.authenticationRequired });
      const { matchId } = await sponsorsMatch(event.id);
      expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
      await admin.post(`/api/admin/events/${event.id}/charge`);
      await server.app.ctx.jobs.drain();
      expect((await pledgeRow(server, pledge.id)).status).toBe('failed');
      return {
        client: donor.client,
        method: 'POST',
        path: `/api/pledges/${pledge.id}/authenticate`,
        body: () => ({ sandbox_outcome: 'approve' }),
        allowed: [200],
        async after() {
          expect(await providerChargesOf(server, `${pledge.idempotencyKey}:`)).toBe(1);
          expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'charged', retryCount: 0 });
          const [booked] = await server.app.ctx.database.query<{ n: number }>('select count(*)::int as n from ledger_transactions where idempotency_key = $1', [
            `pledge-charge:${pledge.id}`,
          ]);
          expect(booked!.n).toBe(1);
          const topUps = await server.app.ctx.db.select().from(matchTopUps).where(eq(matchTopUps.matchId, matchId));
          expect(topUps).toMatchObject([{ recoveredPledgeId: pledge.id, amountCents: 2_000 }]);
          expect(await postingsOf(server, event.id, 'match_top_up')).toBe(1);
        },
      };
    },
  },
  'POST /api/events/payment': [
    {
      // A new card with Stripe: one Checkout page stays open, the others are expired, and it is booked once.
      stripe: true,
      async prepare() {
        const creator = await signUp(stripeServer.url);
        const event = await createCampaign(stripeServer.app, creator.user._id, { status: 'pending', charityId: await firstCharityId(stripeServer) });
        return {
          client: creator.client,
          method: 'POST',
          path: '/api/events/payment',
          body: () => ({ event_id: event.id, amount: 160, test_mode: false }),
          allowed: [200, 409],
          async after() {
            const [funding] = await stripeServer.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, event.id));
            const sessions = standIn.objectsOf('checkout.session').filter((session) => (session.metadata as Record<string, string>).event_id === event.id);
            const open = sessions.filter((session) => session.status === 'open');
            expect(open).toHaveLength(1);
            expect(funding).toMatchObject({ status: 'pending', providerChargeRef: open[0]!.id });
            standIn.payCheckoutSession(String(open[0]!.id));
            const settled = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 160, test_mode: false });
            expect(settled.status, JSON.stringify(settled.data)).toBe(200);
            const [paid] = await stripeServer.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, event.id));
            expect(paid).toMatchObject({ status: 'charged', chargedCents: 16_000 });
            expect(standIn.objectsOf('payment_intent').filter((intent) => intent.customer === open[0]!.customer)).toHaveLength(1);
          },
        };
      },
    },
    {
      async prepare() {
        const creator = await signUp(server.url);
        const event = await createCampaign(server.app, creator.user._id, { status: 'pending', charityId });
        const card = await saveCard(creator.client);
        return {
          client: creator.client,
          method: 'POST',
          path: '/api/events/payment',
          body: () => ({ event_id: event.id, amount: 120, payment_method_id: card }),
          allowed: [200, 409],
          async after() {
            expect(await providerChargesOf(server, `creator-funding:${event.id}:`)).toBe(1);
            expect(await fundingOf(event.id)).toMatchObject({ status: 'charged', chargedCents: 12_000 });
          },
        };
      },
    },
  ],
  'POST /api/charities/:id/donations': [
    {
      async prepare() {
        const donor = await signUp(server.url);
        const token = (await donor.client.post('/api/sandbox/cards', { holder_name: 'Dana Donor', number: CARDS.visa, expiry: '09/40', cvv: '123' })).data
          .token;
        const email = `matrix-${randomUUID()}@example.com`;
        // The donation form allows 10 a minute from one address: the counters of an earlier race are cleared.
        await server.app.ctx.db.delete(rateLimitCounters);
        return {
          client: donor.client,
          method: 'POST',
          path: `/api/charities/${charityId}/donations`,
          body: () => ({ fullName: 'Dana Donor', email, amount: 35, token }),
          allowed: [200, 201, 422, 429],
          async after(answers) {
            expect(answers.filter((answer) => answer.status < 300).length).toBeGreaterThanOrEqual(1);
            expect(await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email))).toHaveLength(1);
          },
        };
      },
    },
    // Signed in, with a saved sandbox wallet (decision 160): one donation per Idempotency-Key.
    {
      async prepare() {
        const donor = await signUp(server.url);
        const wallet = await saveSandboxWallet(donor.client, 'wallet');
        const email = `matrix-wallet-${randomUUID()}@example.com`;
        await server.app.ctx.db.delete(rateLimitCounters);
        return {
          client: donor.client,
          method: 'POST',
          path: `/api/charities/${charityId}/donations`,
          body: () => ({ fullName: 'Wanda Wallet', email, amount: 27.5, payment_method_id: wallet.id }),
          allowed: [201, 429],
          async after(answers, mode) {
            const made = answers.filter((answer) => answer.status === 201).length;
            expect(made).toBeGreaterThanOrEqual(1);
            const rows = await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email));
            expect(rows).toHaveLength(mode === 'same' ? 1 : made);
            expect(rows.every((row) => row.status === 'charged' && row.amountCents === 2_750)).toBe(true);
          },
        };
      },
    },
    // A visitor with Stripe's Payment Element (decision 245): one browser-made PaymentMethod, charged once whatever the keys.
    {
      stripe: true,
      async prepare() {
        const method = String(standIn.createPaymentMethod(CARDS.visa).id);
        const email = `matrix-stripe-${randomUUID()}@example.com`;
        await stripeServer.app.ctx.db.delete(rateLimitCounters);
        const stripeCharityId = await firstCharityId(stripeServer);
        return {
          client: new TestClient(stripeServer.url),
          method: 'POST',
          path: `/api/charities/${stripeCharityId}/donations`,
          body: () => ({ fullName: 'Vera Visitor', email, amount: 31, stripe_payment_method: method }),
          // A key each: Stripe uses a PaymentMethod of no customer once, the others are told to enter their details again.
          allowed: [201, 400, 429],
          async after(answers) {
            expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThanOrEqual(1);
            const rows = await stripeServer.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email));
            expect(rows.map((row) => [row.status, row.amountCents])).toEqual([['charged', 3_100]]);
            const intents = standIn.objectsOf('payment_intent').filter((intent) => intent.payment_method === method);
            expect(intents.map((intent) => intent.status)).toEqual(['succeeded']);
          },
        };
      },
    },
  ],
  // Monthly giving (decision 140): a start charges this month at once; one running gift per supporter and charity.
  'POST /api/charities/:id/monthly-gifts': {
    async prepare() {
      const supporter = await signUp(server.url);
      const card = await saveCard(supporter.client);
      await server.app.ctx.db.delete(rateLimitCounters);
      return {
        client: supporter.client,
        method: 'POST',
        path: `/api/charities/${charityId}/monthly-gifts`,
        body: () => ({ amount: 14, tip: 1, payment_method_id: card }),
        allowed: [201, 409, 429],
        async after(answers) {
          expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
          const gifts = await server.app.ctx.db.select().from(monthlyGifts).where(eq(monthlyGifts.userId, supporter.user._id));
          expect(gifts).toHaveLength(1);
          expect(await monthlyChargesOf(gifts[0]!.id)).toEqual({ months: 1, charged: 1 });
          expect(await providerChargesOf(server, `recurring:${gifts[0]!.id}:`)).toBe(1);
        },
      };
    },
  },
  // A new card tries an unpaid month again at once: charged once, however many changes race.
  'PUT /api/monthly-gifts/:id/card': {
    async prepare() {
      const { supporter, giftId } = await monthlyGiftWithDeclinedMonth();
      const card = await saveCard(supporter.client);
      return {
        client: supporter.client,
        method: 'PUT',
        path: `/api/monthly-gifts/${giftId}/card`,
        body: () => ({ payment_method_id: card }),
        allowed: [200],
        async after() {
          expect(await monthlyChargesOf(giftId)).toEqual({ months: 2, charged: 2 });
          expect(await providerChargesOf(server, `recurring:${giftId}:`)).toBe(2);
        },
      };
    },
  },
  // The sandbox's "a month passes": each call may open a month, but each month is charged once.
  'POST /api/sandbox/monthly-gifts/:id/advance': {
    async prepare() {
      const { supporter, giftId } = await monthlyGift();
      return {
        client: supporter.client,
        method: 'POST',
        path: `/api/sandbox/monthly-gifts/${giftId}/advance`,
        allowed: [200],
        async after() {
          const { months, charged } = await monthlyChargesOf(giftId);
          expect(charged).toBe(months);
          expect(await providerChargesOf(server, `recurring:${giftId}:`)).toBe(months);
        },
      };
    },
  },
  // The on-site confirmation of a month the bank asked about (decision 170): approved once, booked once.
  'POST /api/monthly-gifts/:id/charges/:chargeId/confirm': {
    async prepare() {
      const { supporter, giftId } = await monthlyGift();
      const asking = await saveCard(supporter.client, CARDS.authenticationRequired);
      expect((await supporter.client.put(`/api/monthly-gifts/${giftId}/card`, { payment_method_id: asking })).status).toBe(200);
      expect((await supporter.client.post(`/api/sandbox/monthly-gifts/${giftId}/advance`)).status).toBe(200);
      const [waiting] = await server.app.ctx.db
        .select()
        .from(monthlyGiftCharges)
        .where(and(eq(monthlyGiftCharges.giftId, giftId), eq(monthlyGiftCharges.status, 'action_required')));
      return {
        client: supporter.client,
        method: 'POST',
        path: `/api/monthly-gifts/${giftId}/charges/${waiting!.id}/confirm`,
        body: () => ({ sandbox_outcome: 'approve' }),
        allowed: [200],
        async after() {
          expect(await monthlyChargesOf(giftId)).toEqual({ months: 2, charged: 2 });
          expect(await providerChargesOf(server, `recurring:${giftId}:`)).toBe(2);
        },
      };
    },
  },
  'POST /api/events/:id/complete': {
    async prepare() {
      const { creator, event } = await liveCampaignWithCreator();
      await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 1_000 });
      return {
        client: creator.client,
        method: 'POST',
        path: `/api/events/${event.id}/complete`,
        allowed: [200, 409],
        async after(answers) {
          expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
          expect(await postingsOf(server, event.id, 'pledge_charge')).toBe(0);
        },
      };
    },
  },
  'POST /api/events/:id/close': {
    async prepare() {
      const { creator, event } = await liveCampaignWithCreator();
      return {
        client: creator.client,
        method: 'POST',
        path: `/api/events/${event.id}/close`,
        allowed: [200, 409],
        async after() {
          expect(await postingsOf(server, event.id, 'funding_refund')).toBe(1);
          expect(await fundingOf(event.id)).toMatchObject({ status: 'refunded' });
        },
      };
    },
  },
  'DELETE /api/events/:id': {
    async prepare() {
      const creator = await signUp(server.url);
      const event = await fundedCampaign(server, creator);
      return {
        client: creator.client,
        method: 'DELETE',
        path: `/api/events/${event.id}`,
        allowed: [200, 204, 404, 409],
        async after() {
          expect(await postingsOf(server, event.id, 'funding_refund')).toBe(1);
        },
      };
    },
  },
  'POST /api/admin/events/:id/charge': {
    async prepare() {
      const { event, pledges: made } = await completedWithPledges();
      return {
        client: admin,
        method: 'POST',
        path: `/api/admin/events/${event.id}/charge`,
        allowed: [200, 201],
        async after() {
          expect(await server.app.ctx.db.select().from(chargeRuns).where(eq(chargeRuns.eventId, event.id))).toHaveLength(1);
          for (const pledge of made) expect(await providerChargesOf(server, `${pledge.idempotencyKey}:`)).toBe(1);
          expect(await postingsOf(server, event.id, 'pledge_charge')).toBe(made.length);
        },
      };
    },
  },
  'POST /api/admin/events/:id/charge-hold': {
    async prepare() {
      const event = await liveCampaign(server, await signUp(server.url), admin, { values: { kind: 'crowdfunding', durationDays: 3 } });
      return {
        client: admin,
        method: 'POST',
        path: `/api/admin/events/${event.id}/charge-hold`,
        body: () => ({ reason: 'Matrix review' }),
        allowed: [200],
        async after() {
          expect(await server.app.ctx.db.select().from(chargeHolds).where(eq(chargeHolds.eventId, event.id))).toHaveLength(1);
        },
      };
    },
  },
  'DELETE /api/admin/events/:id/charge-hold': {
    async prepare() {
      const event = await liveCampaign(server, await signUp(server.url), admin, { values: { kind: 'crowdfunding', durationDays: 3 } });
      const { pledge } = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 2_200 });
      expect((await admin.post(`/api/admin/events/${event.id}/charge-hold`, {})).status).toBe(200);
      clock.advance(4 * 86_400_000);
      await server.app.ctx.jobs.runScheduled(DEADLINE_CHARGES_QUEUE);
      expect((await server.app.ctx.db.select().from(chargeRuns).where(eq(chargeRuns.eventId, event.id)))[0]).toMatchObject({ status: 'held' });
      return {
        client: admin,
        method: 'DELETE',
        path: `/api/admin/events/${event.id}/charge-hold`,
        allowed: [200, 409],
        async after(answers) {
          expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
          expect(await providerChargesOf(server, `${pledge.idempotencyKey}:`)).toBe(1);
          expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'charged' });
        },
      };
    },
  },
  'POST /api/admin/payouts': {
    async prepare() {
      const { event } = await completedWithPledges();
      await admin.post(`/api/admin/events/${event.id}/charge`);
      await server.app.ctx.jobs.drain();
      const payableCents = await accountBalance(server, 'charity_payable', { charityId });
      expect(payableCents).toBeGreaterThan(0);
      const paidBefore = await accountBalance(server, 'charity_paid', { charityId });
      return {
        client: admin,
        method: 'POST',
        path: '/api/admin/payouts',
        body: (nth) => ({ charity_id: charityId, amount: centsToDollars(payableCents), reference: `WIRE-${nth}`, paid_on: '2026-11-25' }),
        allowed: [200, 201, 409],
        async after(answers) {
          expect(answers.filter((answer) => answer.status < 300)).toHaveLength(1);
          expect(await accountBalance(server, 'charity_payable', { charityId })).toBe(0);
          expect(await accountBalance(server, 'charity_paid', { charityId })).toBe(paidBefore + payableCents);
        },
      };
    },
  },
  // The sandbox's card network decides a dispute of the 0259 card: a win books the reversal once.
  'POST /api/admin/disputes/:id/sandbox-outcome': {
    async prepare() {
      const { event, pledges: made } = await completedWithPledges({ card: CARDS.dispute });
      expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
      await server.app.ctx.jobs.drain();
      const dispute = await server.app.ctx.db.select().from(disputes).where(eq(disputes.pledgeId, made[0]!.id));
      expect(dispute).toMatchObject([{ status: 'open' }]);
      return {
        client: admin,
        method: 'POST',
        path: `/api/admin/disputes/${dispute[0]!.id}/sandbox-outcome`,
        body: () => ({ outcome: 'won' }),
        allowed: [200, 409],
        async after(answers) {
          expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
          expect(await postingsOf(server, event.id, 'dispute_opened')).toBe(made.length);
          expect(await postingsOf(server, event.id, 'dispute_won')).toBe(1);
          expect(await pledgeRow(server, made[0]!.id)).toMatchObject({ status: 'charged' });
        },
      };
    },
  },
  // The sandbox's donor bank disputes a charged pledge: however many admins click, one dispute, booked once.
  'POST /api/admin/pledges/:id/sandbox-dispute': {
    async prepare() {
      const { event, pledges: made } = await completedWithPledges();
      expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
      await server.app.ctx.jobs.drain();
      expect(await pledgeRow(server, made[0]!.id)).toMatchObject({ status: 'charged' });
      return {
        client: admin,
        method: 'POST',
        path: `/api/admin/pledges/${made[0]!.id}/sandbox-dispute`,
        body: () => ({ amount: '5.00' }),
        allowed: [200, 409],
        async after(answers) {
          expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
          await server.app.ctx.jobs.drain();
          expect(await server.app.ctx.db.select().from(disputes).where(eq(disputes.pledgeId, made[0]!.id))).toMatchObject([
            { status: 'open', amountCents: 500 },
          ]);
          expect(await postingsOf(server, event.id, 'dispute_opened')).toBe(1);
          expect(await pledgeRow(server, made[0]!.id)).toMatchObject({ status: 'disputed' });
        },
      };
    },
  },
  // Transfers to a charity's connected account (decision 130): one per charge, however many runs race.
  'POST /api/admin/charity-transfers/run': {
    async prepare() {
      const { charityId: connected, pledges: made } = await chargedForConnectedCharity();
      return {
        client: admin,
        method: 'POST',
        path: '/api/admin/charity-transfers/run',
        allowed: [200],
        async after() {
          // The funding's settlement and each pledge's charge.
          await expectMovementsOnce(connected, 'transfer', made.length + 1);
          expect(await accountBalance(server, 'charity_payable', { charityId: connected })).toBe(0);
        },
      };
    },
  },
  // A movement held for a different amount, looked up again by racing admins: booked once when the provider has it right.
  'POST /api/admin/charity-transfers/:id/resolve': {
    async prepare() {
      const { charityId: connected } = await chargedForConnectedCharity();
      expect(await createDueTransfers(server.app.ctx)).toBeGreaterThan(0);
      const [row] = await server.app.ctx.db.select().from(charityTransfers).where(eq(charityTransfers.charityId, connected)).limit(1);
      await server.app.ctx.db.update(charityTransfers).set({ status: 'held', lastError: 'AMOUNT_MISMATCH: planted' }).where(eq(charityTransfers.id, row!.id));
      const [account] = await server.app.ctx.database.query<{ account_ref: string }>('select account_ref from charity_connect_accounts where charity_id = $1', [
        connected,
      ]);
      await server.app.ctx.database.query(
        'insert into sandbox_transfers (id, idempotency_key, destination, amount_cents, source_charge) values ($1, $2, $3, $4, $5)',
        [`tr_sbx_held_${row!.id.slice(0, 8)}`, row!.idempotencyKey, account!.account_ref, row!.amountCents, row!.chargeRef],
      );
      const paidBefore = await accountBalance(server, 'charity_paid', { charityId: connected });
      return {
        client: admin,
        method: 'POST',
        path: `/api/admin/charity-transfers/${row!.id}/resolve`,
        body: () => ({ action: 'look_up' }),
        allowed: [200, 409],
        async after(answers) {
          expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
          const [posted] = await server.app.ctx.database.query<{ n: number }>('select count(*)::int as n from ledger_transactions where idempotency_key = $1', [
            row!.idempotencyKey,
          ]);
          expect(posted!.n).toBe(1);
          expect(await accountBalance(server, 'charity_paid', { charityId: connected })).toBe(paidBefore + row!.amountCents);
        },
      };
    },
  },
  'POST /api/payments/webhook': [
    // Stripe's webhook books a creator's funding paid on the hosted Checkout page (money.md, Funding).
    {
      stripe: true,
      async prepare(mode) {
        const creator = await signUp(stripeServer.url);
        const event = await createCampaign(stripeServer.app, creator.user._id, { status: 'pending', charityId: await firstCharityId(stripeServer) });
        const started = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 140, test_mode: false });
        expect(started.status, JSON.stringify(started.data)).toBe(200);
        const sessionId = String(started.data.session.url).split('/').at(-1)!;
        const session = standIn.payCheckoutSession(sessionId);
        const shared = randomUUID();
        return {
          client: 'stripe-webhook',
          method: 'POST',
          path: '/api/payments/webhook',
          body: (nth) =>
            signedStripeEvent(WEBHOOK_SECRET, 'checkout.session.completed', session, { id: `evt_${mode === 'same' ? shared : `${shared}${nth}`}` }),
          allowed: [200],
          async after() {
            const rows = await stripeServer.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, event.id));
            expect(rows).toMatchObject([{ status: 'charged', chargedCents: 14_000 }]);
            const [booked] = await stripeServer.app.ctx.database.query<{ n: number }>(
              "select count(*)::int as n from ledger_transactions where kind = 'funding_charge' and event_id = $1",
              [event.id],
            );
            expect(booked!.n).toBe(1);
            expect(standIn.objectsOf('payment_intent').filter((intent) => intent.customer === session.customer)).toHaveLength(1);
          },
        };
      },
    },
    // A visitor's donation the bank had authenticated (decision 255): Stripe's webhook, the page's second request and the donor's return race to book it.
    {
      stripe: true,
      async prepare() {
        const donation = await authenticatedVisitorDonation();
        return {
          client: 'stripe-webhook',
          method: 'POST',
          path: '/api/payments/webhook',
          send: (nth, mode) => [() => donation.webhook(mode === 'same' ? 'same' : `${nth}`), donation.pageAgain, donation.returnFrom][nth % 3]!(),
          allowed: [200, 201],
          after: () => donation.expectBookedOnce(),
        };
      },
    },
  ],
  // The donor back from a payment method that left the page (decision 255): each return books the succeeded payment, once.
  'POST /api/charities/donations/stripe-return': {
    stripe: true,
    async prepare() {
      const donation = await authenticatedVisitorDonation();
      return {
        client: 'stripe-webhook',
        method: 'POST',
        path: '/api/charities/donations/stripe-return',
        send: () => donation.returnFrom(),
        allowed: [200],
        async after(answers) {
          await donation.expectBookedOnce();
          expect(new Set(answers.map((answer) => (answer.data as { data: { donation: { _id: string } } }).data.donation._id)).size).toBe(1);
        },
      };
    },
  },
};

/**
 * A visitor's Stripe donation whose bank asked for authentication, passed in the browser, not booked
 * yet (decision 255); the three ways it may be booked, and the check that it was, once.
 */
async function authenticatedVisitorDonation() {
  await stripeServer.app.ctx.db.delete(rateLimitCounters);
  const stripeCharityId = await firstCharityId(stripeServer);
  const method = String(standIn.createPaymentMethod(CARDS.authenticationRequired).id);
  const email = `matrix-unfinished-${randomUUID()}@example.com`;
  const requestKey = randomUUID();
  const visitor = new TestClient(stripeServer.url);
  const body = { fullName: 'Vera Visitor', email, amount: 33, stripe_payment_method: method };
  const pageAgain = () => visitor.request('POST', `/api/charities/${stripeCharityId}/donations`, { json: body, headers: { 'idempotency-key': requestKey } });
  expect((await pageAgain()).status).toBe(202);
  const intent = standIn.objectsOf('payment_intent').find((candidate) => candidate.payment_method === method)!;
  standIn.confirmPaymentOnSession(String(intent.id), String(intent.client_secret));
  const eventIds = randomUUID();
  return {
    pageAgain,
    returnFrom: () =>
      visitor.request('POST', '/api/charities/donations/stripe-return', { json: { payment_intent: intent.id, client_secret: intent.client_secret } }),
    async webhook(eventId: string): Promise<Answer> {
      const call = signedStripeEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', { ...intent }, { id: `evt_${eventIds}_${eventId}` });
      const response = await fetch(`${stripeServer.url}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': call.signature },
        body: call.body,
      });
      return { status: response.status, data: await response.text() };
    },
    async expectBookedOnce() {
      const rows = await stripeServer.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email));
      expect(rows.map((row) => [row.status, row.amountCents, row.providerChargeRef])).toEqual([['charged', 3_300, intent.id]]);
      const [booked] = await stripeServer.app.ctx.database.query<{ n: number }>(
        "select count(*)::int as n from ledger_transactions where kind = 'donation' and provider_ref = $1",
        [intent.id],
      );
      expect(booked!.n).toBe(1);
      const [mailed] = await stripeServer.app.ctx.database.query<{ n: number }>('select count(*)::int as n from outbox_emails where "to" = $1', [email]);
      expect(mailed!.n).toBe(1);
      expect(standIn.objectsOf('payment_intent').filter((candidate) => candidate.payment_method === method)).toHaveLength(1);
    },
  };
}

/** A money-moving job: its work for one payload, run RACERS times at once as that many workers would. */
interface JobRace {
  work(): Promise<unknown>;
  /** What must hold once the workers and the jobs they queued are over. */
  after(): Promise<void>;
}

/**
 * Jobs that move money without a route of their own, each with the state that queues it. Their
 * workers race as requests do: on PostgreSQL truly, and the same checks hold afterwards.
 */
const MONEY_JOBS: Record<string, () => Promise<JobRace>> = {
  // The monthly schedule (decision 140): runs on every instance; a due month of each gift is charged once.
  [`${MONTHLY_GIFTS_QUEUE}: a month due on three gifts`]: async () => {
    const made = await Promise.all([monthlyGift(), monthlyGift(), monthlyGift()]);
    const ids = made.map((gift) => gift.giftId);
    // The next charge dates come forward to now, as when the month has turned.
    await server.app.ctx.db.update(monthlyGifts).set({ nextChargeAt: clock.now() }).where(inArray(monthlyGifts.id, ids));
    return {
      work: () => runMonthlyGifts(server.app.ctx, ids),
      async after() {
        for (const id of ids) {
          expect(await monthlyChargesOf(id)).toEqual({ months: 2, charged: 2 });
          expect(await providerChargesOf(server, `recurring:${id}:`)).toBe(2);
        }
      },
    };
  },
  // A matched pledge declined at the charge and charged later tops the sponsor's match up (decision 109): a pledge charged by this queue.
  [`${CHARGE_PLEDGE_QUEUE}: a match's top-up`]: async () => {
    const { creator, event } = await liveCampaignWithCreator();
    const { matchId } = await sponsorsMatch(event.id);
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 1_200 });
    const donor = await signUp(server.url);
    const { pledge } = await pledgeFrom(server, donor, event.id, { amountCents: 3_000, card: CARDS.declined });
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    await admin.post(`/api/admin/events/${event.id}/charge`);
    await server.app.ctx.jobs.drain();
    const recovered = await donor.client.post(`/api/pledges/${pledge.id}/payment-method`, { payment_method_id: await saveCard(donor.client) });
    expect(recovered.status, JSON.stringify(recovered.data)).toBe(200);
    // The top-up is made and queued with the recovery; the workers below race for it before the queue's own job.
    const [topUp] = await server.app.ctx.db.select().from(matchTopUps).where(eq(matchTopUps.matchId, matchId));
    expect(await pledgeRow(server, topUp!.pledgeId)).toMatchObject({ status: 'pending', amountCents: 3_000 });
    const limiter = createRateLimiter(1_000);
    return {
      work: () => chargePledges(server.app.ctx, limiter, [topUp!.pledgeId]),
      async after() {
        const charged = await pledgeRow(server, topUp!.pledgeId);
        expect(charged).toMatchObject({ status: 'charged', chargedCents: 3_000 });
        expect(await providerChargesOf(server, `${charged.idempotencyKey}:`)).toBe(1);
        expect(await postingsOf(server, event.id, 'match_top_up')).toBe(1);
      },
    };
  },
  // A pledge saved on the sandbox cash app (decision 150) is charged by the same claim and key as a card's.
  [`${CHARGE_PLEDGE_QUEUE}: a pledge on a saved cash app`]: async () => {
    const { creator, event } = await liveCampaignWithCreator();
    const donor = await signUp(server.url);
    const cashapp = await saveSandboxWallet(donor.client, 'cashapp', 'succeed', '$matrix');
    const made = await donor.client.post(`/api/events/${event.id}/pledges`, {
      amount: 33.33,
      tip_percent: 0,
      cover_fees: false,
      payment_method_id: cashapp.id,
    });
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    const [pledge] = await server.app.ctx.db.select().from(pledges).where(eq(pledges.userId, donor.user._id));
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    const limiter = createRateLimiter(1_000);
    return {
      work: () => chargePledges(server.app.ctx, limiter, [pledge!.id]),
      async after() {
        const charged = await pledgeRow(server, pledge!.id);
        expect(charged).toMatchObject({ status: 'charged', chargedCents: 3_333, paymentMethodId: cashapp.id });
        expect(await providerChargesOf(server, `${charged.idempotencyKey}:`)).toBe(1);
      },
    };
  },
};

// A dispute after a transfer: the charity's share reversed once by the transfers job, however many workers race.
MONEY_JOBS['charity-transfers: a dispute after the transfer'] = async () => {
  const { charityId: connected, pledges: made } = await chargedForConnectedCharity();
  const service = createCharityConnectService(server.app.ctx);
  await service.runJob();
  const payments = server.app.ctx.payments;
  if (!isSandbox(payments)) throw new Error('the sandbox is the provider here');
  expect(await payments.disputes.openOn((await pledgeRow(server, made[0]!.id)).providerChargeRef!)).toBeTruthy();
  await deliverSandboxEvents(server.app.ctx);
  return {
    work: () => service.runJob(),
    async after() {
      await expectMovementsOnce(connected, 'reversal', 1);
      await expectMovementsOnce(connected, 'transfer', made.length + 1);
    },
  };
};

/**
 * Routes that move no money, besides every GET (a read never moves money). Approval, freezing and
 * runoff placements change what a later charge does, not money; account closure only releases
 * pledges that were never charged.
 */
const NO_MONEY = new Set([
  'POST /api/site/register',
  'POST /api/site/login',
  'POST /api/site/refresh-token',
  'POST /api/site/logout',
  'PUT /api/users/update',
  'POST /api/profile/image',
  'POST /api/contact',
  'POST /api/newsletter',
  // A one-click unsubscribe from a campaign's update e-mails (decision 192): a flag on the supporter's pledges, no money.
  'POST /api/updates/unsubscribe',
  'POST /api/payment-methods',
  'DELETE /api/payment-methods/:id',
  'POST /api/payment-methods/:id/default',
  'POST /api/payment-methods/setup-intent',
  'POST /api/sandbox/cards',
  'POST /api/sandbox/wallets',
  'POST /api/admin/payment-method-domain',
  'POST /api/site/forgot-password',
  'POST /api/site/reset-password',
  'POST /api/account/close',
  'DELETE /api/account/close',
  'POST /api/events/create',
  'PUT /api/events/:id',
  'PUT /api/challengees/:participantId/image',
  'DELETE /api/participants/:participantId',
  'PATCH /api/participants/:participantId',
  'POST /api/identity/session',
  'POST /api/identity/sandbox/sessions/:sessionId/verify',
  'POST /api/identity/webhook',
  'POST /api/admin/events/:id/approve',
  'POST /api/admin/events/:id/reject',
  'POST /api/admin/events/:id/freeze',
  'POST /api/admin/events/:id/unfreeze',
  'POST /api/events/:id/runoff/placements',
  'POST /api/admin/charities',
  'PUT /api/admin/charities/:id',
  'POST /api/admin/charities/:id/visibility',
  'POST /api/admin/charity-groups',
  'POST /api/admin/users/:id/disable',
  'POST /api/admin/users/:id/enable',
  'POST /api/admin/messages/:id/handled',
  'POST /api/events/:id/updates',
  'POST /api/updates/:id/comments',
  'POST /api/comments/:id/hide',
  'POST /api/stacks',
  'PUT /api/stacks/:id',
  'DELETE /api/stacks/:id',
  'POST /api/events/:id/promotions',
  'POST /api/promotions/:id/accept',
  'POST /api/promotions/:id/decline',
  'POST /api/promotions/:id/end',
  'POST /api/events/:id/fundraising-pages',
  'PATCH /api/fundraising-pages/:page',
  'POST /api/fundraising-pages/:id/hide',
  'POST /api/fundraising-pages/:id/show',
  'POST /api/fundraising-pages/:id/close',
  'POST /api/fundraising-pages/:id/reopen',
  'PUT /api/events/:id/embed-origins',
  'POST /api/auth/confirm-email',
  'POST /api/auth/confirm-email/resend',
  // A monthly gift's amount and pause apply to later months; a cancel stops charges (a race with a renewal: modules/monthly-giving/races.test.ts).
  'PUT /api/monthly-gifts/:id/amount',
  'POST /api/monthly-gifts/:id/pause',
  'POST /api/monthly-gifts/:id/resume',
  'POST /api/monthly-gifts/:id/cancel',
  // Whom a pledge or a monthly gift shares the supporter's e-mail with (decision 183): a choice, no money.
  'PUT /api/monthly-gifts/:id/email-sharing',
  'PUT /api/pledges/:id/email-sharing',
  // A charity's connected account (one per charity) and its state; the sandbox's onboarding form. Money moves by the transfers run.
  'POST /api/charities/:id/connect/onboarding',
  'POST /api/charities/:id/connect/refresh',
  'POST /api/sandbox/connect/accounts/:ref/onboarding',
  // The charity portal: representatives and the charity's profile (decision 135), and the statement e-mail's opt-out.
  'POST /api/admin/charities/:id/representatives',
  'DELETE /api/admin/charities/:id/representatives/:userId',
  'POST /api/charity-invitations/:token/accept',
  'PUT /api/portal/charities/:id/profile',
  'POST /api/admin/charity-profile-changes/:id/decision',
  'PUT /api/me/statement-emails',
  // A host's webhook endpoints and API keys: what the host's own tools are told and may read; a key never moves money (decision 148).
  'POST /api/webhooks/endpoints',
  'PATCH /api/webhooks/endpoints/:id',
  'DELETE /api/webhooks/endpoints/:id',
  'POST /api/webhooks/endpoints/:id/rotate-secret',
  'POST /api/webhooks/endpoints/:id/test',
  'POST /api/webhooks/endpoints/:id/deliveries/:deliveryId/redeliver',
  'POST /api/api-keys',
  'DELETE /api/api-keys/:id',
]);

beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock();
  server.app.ctx.clock = clock;
  stripeServer = await startTestServer({
    stripeSecretKey: 'sk_test_stand_in',
    stripePublishableKey: 'pk_test_stand_in',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiBase: await standIn.start(),
  });
  admin = await adminClient(server);
  charityId = await firstCharityId(server);
});
afterAll(async () => {
  await server?.close();
  await stripeServer?.close();
  await standIn.close();
});

/** RACERS copies of the race's request at once, with one Idempotency-Key for all or one each. */
async function run(race: Race, mode: KeyMode, target: TestServer): Promise<Answer[]> {
  const shared = randomUUID();
  const send = async (nth: number): Promise<Answer> => {
    const headers = { 'idempotency-key': mode === 'same' ? shared : `${shared}-${nth}` };
    if (race.send) return race.send(nth, mode);
    const body = race.body?.(nth);
    if (race.client === 'stripe-webhook') {
      const call = body as { body: string; signature: string };
      const response = await fetch(`${target.url}${race.path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'stripe-signature': call.signature },
        body: call.body,
      });
      return { status: response.status, data: await response.text() };
    }
    return race.client.request(race.method, race.path, body === undefined ? { headers } : { json: body, headers });
  };
  return Promise.all(Array.from({ length: RACERS }, (_, nth) => send(nth)));
}

describe(`money concurrency matrix (${testDriver})`, () => {
  it('classifies every route of the app as moving money or not', () => {
    const routes = server.app.routeTable.map((route) => `${route.method} ${route.url}`);
    const unclassified = routes.filter((route) => !route.startsWith('GET ') && !route.startsWith('HEAD ') && !MONEY_ROUTES[route] && !NO_MONEY.has(route));
    expect(unclassified).toEqual([]);
    expect(Object.keys(MONEY_ROUTES).filter((route) => !routes.includes(route))).toEqual([]);
    expect(Object.keys(MONEY_ROUTES).filter((route) => NO_MONEY.has(route))).toEqual([]);
  });

  const scenarios = Object.entries(MONEY_ROUTES).flatMap(([route, entry]) => [entry].flat().map((scenario) => [route, scenario] as const));
  for (const [route, scenario] of scenarios) {
    for (const mode of ['same', 'different'] as const) {
      const name = `${route}${scenario.stripe ? ' (Stripe)' : ''}: ${RACERS} at once with ${mode === 'same' ? 'one Idempotency-Key' : 'a key each'}`;
      it(`${name} move the money once`, { timeout: 120_000 }, async () => {
        const target = scenario.stripe ? stripeServer : server;
        const race = await scenario.prepare(mode);
        const answers = await run(race, mode, target);
        const unexpected = answers.filter((answer) => !race.allowed.includes(answer.status));
        expect(unexpected.map((answer) => `${answer.status} ${JSON.stringify(answer.data).slice(0, 200)}`)).toEqual([]);
        await target.app.ctx.jobs.drain();
        await race.after(answers, mode);
        if (!scenario.stripe) await expectMoneyAgrees(target);
      });
    }
  }

  for (const [name, prepare] of Object.entries(MONEY_JOBS)) {
    it(`job ${name}: ${RACERS} workers at once move the money once`, { timeout: 120_000 }, async () => {
      const race = await prepare();
      await Promise.all(Array.from({ length: RACERS }, () => race.work()));
      await server.app.ctx.jobs.drain();
      await race.after();
      await expectMoneyAgrees(server);
    });
  }
});
