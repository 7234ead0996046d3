import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePledge } from '@pledgeway/domain';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { sandboxCharges } from '../../providers/payments/tables.ts';
import { chargeAttemptKey, chargePledge } from './charge-pledge.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { FAILED_PLEDGES_QUEUE } from './failed-window.ts';
import { eq } from 'drizzle-orm';
import { accountBalance, CARDS, expectBooksBalanced, liveCampaign, pledgeFrom, saveCard } from '../../test/money.ts';
import { adminClient, mailsTo, type Person, pledgeRow } from '../../test/factories.ts';

let server: TestServer;
let admin: TestClient;
let clock: TestClock;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock();
  server.app.ctx.clock = clock;
  admin = await adminClient(server);
});
afterAll(async () => server.close());

async function completedCampaign(creator: Person, options: Parameters<typeof liveCampaign>[3] = {}) {
  const event = await liveCampaign(server, creator, admin, options);
  return {
    event,
    complete: async () => expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200),
  };
}

async function charge(eventId: string) {
  const started = await admin.post(`/api/admin/events/${eventId}/charge`);
  expect(started.status).toBe(201);
  await server.app.ctx.jobs.drain();
  return (await admin.get(`/api/admin/charge-runs/${started.data.data._id}`)).data.data;
}

describe('charging a completed campaign', () => {
  it('charges every pledge with tip and cover, books the fees, e-mails receipts and failures, and counts the run', async () => {
    const creator = await signUp(server.url);
    const { event, complete } = await completedCampaign(creator);
    const generous = await signUp(server.url);
    const plain = await signUp(server.url);
    const declined = await signUp(server.url);
    const needsAuth = await signUp(server.url);
    const a = await pledgeFrom(server, generous, event.id, { amountCents: 10_000, tipPercent: 20, coverFees: true });
    const b = await pledgeFrom(server, plain, event.id, { amountCents: 2_500 });
    const c = await pledgeFrom(server, declined, event.id, { amountCents: 4_000, card: CARDS.declined });
    const d = await pledgeFrom(server, needsAuth, event.id, { amountCents: 3_000, card: CARDS.authenticationRequired });

    const early = await admin.post(`/api/admin/events/${event.id}/charge`);
    expect(early.status).toBe(409);
    await complete();
    expect((await creator.client.post(`/api/admin/events/${event.id}/charge`)).status).toBe(403);
    const run = await charge(event.id);
    expect(run).toMatchObject({ status: 'finished', outcome: 'charge', total: 5, charged: 3, failed: 2, released: 0 });

    const charged = await pledgeRow(server, a.pledge.id);
    expect(charged).toMatchObject({ status: 'charged', chargedCents: a.quote.totalCents });
    const settled = settlePledge({ ...a.quote, chargedCents: charged.chargedCents!, cardFeeCents: charged.cardFeeCents! });
    expect(settled.netToCharityCents).toBeGreaterThanOrEqual(10_000);
    expect(run.charged_amount).toBe((a.quote.totalCents + b.quote.totalCents + 10_000) / 100);
    // The supporters' pledges are counted apart from the funding, which is passed on, not charged again.
    expect(run.pledges).toEqual({ total: 4, charged: 2, failed: 2, released: 0, charged_amount: (a.quote.totalCents + b.quote.totalCents) / 100 });
    // $100 less its card fee ($3.20) and 5% ($5.00) reaches the charity.
    expect(run.funding).toEqual({ amount: 100, to_charity: 91.8, outcome: 'passed_on' });
    // The creator's escrowed funding is settled in the run: 5% fee, the rest payable.
    expect(await accountBalance(server, 'event_escrow', { eventId: event.id })).toBe(0);
    const bSettled = settlePledge({ ...b.quote, chargedCents: b.quote.totalCents, cardFeeCents: (await pledgeRow(server, b.pledge.id)).cardFeeCents! });
    expect(await accountBalance(server, 'charity_payable', { eventId: event.id })).toBe(
      settled.netToCharityCents + bSettled.netToCharityCents + (10_000 - 320 - 500),
    );
    expect(await accountBalance(server, 'tips_revenue', { eventId: event.id })).toBe(2_000);

    expect((await mailsTo(server, generous.email)).find((mail) => mail.kind === 'charge-receipt')?.text).toContain('Tip to the platform: $20.00');
    expect(await pledgeRow(server, c.pledge.id)).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await pledgeRow(server, d.pledge.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Your card needs authentication: confirm the payment with your bank, or choose another payment method.',
    });
    expect((await mailsTo(server, declined.email)).find((mail) => mail.kind === 'charge-failed')?.text).toContain('/user/pledges');

    // A second confirmation finds the same run and charges nobody again.
    const again = await admin.post(`/api/admin/events/${event.id}/charge`);
    expect(again.status).toBe(200);
    expect(again.data.data._id).toBe(run._id);
    expect(await server.app.ctx.jobs.drain()).toBe(0);
    await expectBooksBalanced(server);
  });

  it('all or nothing below its target releases every pledge and refunds the funding less the card fee', async () => {
    const creator = await signUp(server.url);
    const { event, complete } = await completedCampaign(creator, { targetCents: 500_000, fundingModel: 'all_or_nothing' });
    const supporter = await signUp(server.url);
    const { pledge } = await pledgeFrom(server, supporter, event.id, { amountCents: 5_000 });
    await complete();
    const run = await charge(event.id);
    expect(run).toMatchObject({ outcome: 'release', status: 'finished', total: 2, charged: 0, released: 2 });
    expect(run.pledges).toEqual({ total: 1, charged: 0, failed: 0, released: 1, charged_amount: 0 });
    expect(run.funding).toEqual({ amount: 100, to_charity: 0, outcome: 'refunded' });
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'released', chargedCents: null });
    expect(await accountBalance(server, 'donor_card', { eventId: event.id })).toBe(-320);
    await expectBooksBalanced(server);
  });

  it('all or nothing at its target charges', async () => {
    const creator = await signUp(server.url);
    const { event, complete } = await completedCampaign(creator, { targetCents: 15_000, fundingModel: 'all_or_nothing' });
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 5_000 });
    await complete();
    // The queue tells the admin what the run will do, counting the funding as the run does.
    const queued = (await admin.get('/api/admin/charging')).data.data.waiting.find((row: { _id: string }) => row._id === event.id);
    expect(queued).toMatchObject({ charge: { outcome: 'charge', pledges: { count: 1 } } });
    expect(await charge(event.id)).toMatchObject({ outcome: 'charge', charged: 2, total: 2 });
    await expectBooksBalanced(server);
  });
});

describe('a failed charge', () => {
  it('is retried at once on a card update and then charged', async () => {
    const creator = await signUp(server.url);
    const { event, complete } = await completedCampaign(creator);
    const donor = await signUp(server.url);
    const { pledge } = await pledgeFrom(server, donor, event.id, { amountCents: 2_000, card: CARDS.insufficientFunds });
    await complete();
    await charge(event.id);
    expect((await pledgeRow(server, pledge.id)).status).toBe('failed');

    const stranger = await signUp(server.url);
    const strangerCard = await saveCard(stranger.client);
    expect((await stranger.client.post(`/api/pledges/${pledge.id}/payment-method`, { payment_method_id: strangerCard })).status).toBe(404);
    expect((await donor.client.post(`/api/pledges/${pledge.id}/payment-method`, { payment_method_id: strangerCard })).status).toBe(400);
    expect((await donor.client.post(`/api/pledges/${pledge.id}/payment-method`, { payment_method_id: 'not-a-uuid' })).status).toBe(400);

    const newCard = await saveCard(donor.client);
    const retried = await donor.client.post(`/api/pledges/${pledge.id}/payment-method`, { payment_method_id: newCard });
    expect(retried.status, JSON.stringify(retried.data)).toBe(200);
    expect(retried.data.data).toMatchObject({ status: 'charged', failure_reason: null });
    expect((await donor.client.post(`/api/pledges/${pledge.id}/payment-method`, { payment_method_id: newCard })).status).toBe(409);
    await expectBooksBalanced(server);
  });

  it('is reminded every 48 hours for 7 days, retried once at the end, then dropped and counted nowhere', async () => {
    const creator = await signUp(server.url);
    const { event, complete } = await completedCampaign(creator);
    const donor = await signUp(server.url);
    const { pledge } = await pledgeFrom(server, donor, event.id, { amountCents: 3_000, card: CARDS.declined });
    await complete();
    await charge(event.id);
    const reminders = async () => (await mailsTo(server, donor.email)).filter((mail) => mail.kind === 'charge-failed-reminder').length;

    clock.advance(47 * HOUR);
    await server.app.ctx.jobs.runScheduled(FAILED_PLEDGES_QUEUE);
    expect(await reminders()).toBe(0);
    clock.advance(2 * HOUR);
    await server.app.ctx.jobs.runScheduled(FAILED_PLEDGES_QUEUE);
    await server.app.ctx.jobs.runScheduled(FAILED_PLEDGES_QUEUE);
    expect(await reminders()).toBe(1);
    for (const expected of [2, 3]) {
      clock.advance(48 * HOUR);
      await server.app.ctx.jobs.runScheduled(FAILED_PLEDGES_QUEUE);
      expect(await reminders()).toBe(expected);
    }
    expect((await pledgeRow(server, pledge.id)).status).toBe('failed');

    clock.advance(24 * HOUR);
    await server.app.ctx.jobs.runScheduled(FAILED_PLEDGES_QUEUE);
    const dropped = await pledgeRow(server, pledge.id);
    expect(dropped).toMatchObject({ status: 'dropped', retryCount: 1 });
    expect(
      await server.app.ctx.db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.customerId, (await providerCustomer(donor))!)),
    ).toHaveLength(2);
    expect((await mailsTo(server, donor.email)).some((mail) => mail.kind === 'pledge-dropped')).toBe(true);
    const shown = await creator.client.get(`/api/events/show/${event.id}`);
    expect(shown.data.payment_amount).toBe(100);
    await expectBooksBalanced(server);
  });
});

async function providerCustomer(person: Person): Promise<string | undefined> {
  const [row] = await server.app.ctx.database.query<{ ref: string }>('select provider_customer_ref as ref from payment_methods where user_id = $1 limit 1', [
    person.user._id,
  ]);
  return row?.ref;
}

describe('no pledge is ever charged twice', () => {
  it('survives the job running twice at once and a crash between the provider charge and the database update', { tags: ['concurrency'] }, async () => {
    const creator = await signUp(server.url);
    const { event, complete } = await completedCampaign(creator);
    const donors = await Promise.all([signUp(server.url), signUp(server.url)]);
    const first = await pledgeFrom(server, donors[0], event.id, { amountCents: 1_500, tipPercent: 10 });
    const second = await pledgeFrom(server, donors[1], event.id, { amountCents: 2_500 });
    await complete();
    const started = await admin.post(`/api/admin/events/${event.id}/charge`);
    expect(started.status).toBe(201);
    const limiter = createRateLimiter(1000);

    // Two workers take the same pledge at once.
    const outcomes = await Promise.all([chargePledge(server.app.ctx, limiter, first.pledge.id), chargePledge(server.app.ctx, limiter, first.pledge.id)]);
    // The second finds the first one's claim (decision 091) and leaves the provider alone, or, when
    // the first has already booked the charge (a batch is booked in one transaction, decision 117),
    // finds the pledge charged and skips it. Never a second charge: the provider's count below.
    const [winner, other] = outcomes.sort();
    expect(winner).toBe('charged');
    expect(['in_flight', 'skipped']).toContain(other);

    // A worker charged at the provider and died before writing: the replay reuses the attempt's key.
    const row = await pledgeRow(server, second.pledge.id);
    const [method] = await server.app.ctx.database.query<{ customer: string; method: string }>(
      'select provider_customer_ref as customer, provider_method_ref as method from payment_methods where id = $1',
      [row.paymentMethodId],
    );
    const lost = await server.app.ctx.payments.charge({
      customerRef: method!.customer,
      methodRef: method!.method,
      amountCents: second.quote.totalCents,
      idempotencyKey: chargeAttemptKey(row),
    });
    expect((await pledgeRow(server, second.pledge.id)).status).toBe('pending');
    await server.app.ctx.jobs.drain();
    await server.app.ctx.jobs.drain();
    const after = await pledgeRow(server, second.pledge.id);
    expect(after).toMatchObject({ status: 'charged', providerChargeRef: lost.ref });

    for (const pledge of [first.pledge, second.pledge]) {
      const key = chargeAttemptKey(pledge);
      expect(await server.app.ctx.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, key))).toHaveLength(1);
      expect(
        await server.app.ctx.database.query("select id from ledger_transactions where pledge_id = $1 and kind = 'pledge_charge'", [pledge.id]),
      ).toHaveLength(1);
    }
    const run = (await admin.get(`/api/admin/charge-runs/${started.data.data._id}`)).data.data;
    expect(run).toMatchObject({ status: 'finished', charged: 3, total: 3 });
    await expectBooksBalanced(server);
  });
});

describe('GET /api/admin/charge-runs/:id', () => {
  it('is for admins only and answers 404 for an unknown run', async () => {
    const user = await signUp(server.url);
    expect((await user.client.get('/api/admin/charge-runs/00000000-0000-4000-8000-000000000000')).status).toBe(403);
    expect((await new TestClient(server.url).get('/api/admin/charge-runs/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await admin.get('/api/admin/charge-runs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
