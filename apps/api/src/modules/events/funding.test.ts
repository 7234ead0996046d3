import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EVENT_MESSAGES } from '@pledgeway/domain';
import { pledges } from '../../db/schema.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createStripeStandIn } from '../../test/stripe-stand-in.ts';
import { FUNDING_MESSAGES } from './funding.ts';
import { ATTEMPT_LEASE_MS } from '../charging/attempts.ts';
import { createTestClock } from '../../lib/clock.ts';
import { accountBalance, CARDS, expectBooksBalanced, saveCard, saveSandboxWallet } from '../../test/money.ts';
import { createCampaign } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const fundingRows = (eventId: string) => server.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, eventId));

describe("POST /api/events/payment: the creator's funding", () => {
  it('charges the saved card into the campaign escrow, once per campaign', { tags: ['concurrency'] }, async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const card = await saveCard(creator.client);
    const [first, second] = await Promise.all([
      creator.client.post('/api/events/payment', { event_id: event.id, amount: 250, payment_method_id: card }),
      creator.client.post('/api/events/payment', { event_id: event.id, amount: 250, payment_method_id: card }),
    ]);
    expect(first.status, JSON.stringify(first.data)).toBe(200);
    expect(second.status, JSON.stringify(second.data)).toBe(200);
    expect(first.data.message).toBe(FUNDING_MESSAGES.initiated);
    const rows = await fundingRows(event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'charged', chargedCents: 25_000, cardFeeCents: 755, platformFeeCents: 1_250 });
    expect(await server.app.ctx.database.query('select id from sandbox_charges where id = $1', [rows[0]!.providerChargeRef])).toHaveLength(1);
    expect(await accountBalance(server, 'event_escrow', { eventId: event.id })).toBe(25_000 - 755);
    await expectBooksBalanced(server);
  });

  it("answers a decline with 402 and the provider's message, and counts nothing; another card then pays", async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const declined = await saveCard(creator.client, CARDS.declined);
    const response = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, payment_method_id: declined });
    expect(response.status).toBe(402);
    expect(response.data.message).toBe('Your card was declined.');
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.payment_amount).toBe(0);
    expect(await accountBalance(server, 'donor_card', { eventId: event.id })).toBe(0);

    const good = await saveCard(creator.client);
    const paid = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, payment_method_id: good });
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.payment_amount).toBe(100);
    await expectBooksBalanced(server);
  });

  // Add New Card's sandbox wallet (decision 151) funds a campaign like a card; a cash app declining at the charge answers with its own decline.
  it('charges a sandbox wallet saved through Add New Card, and answers a declining cash app in its own words', async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const declining = await saveSandboxWallet(creator.client, 'cashapp', 'decline_on_charge', '$no_funds');
    const refused = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 120, payment_method_id: declining.id });
    expect(refused.status).toBe(402);
    expect(refused.data.message).toBe('The sandbox cash app declined the payment.');
    const wallet = await saveSandboxWallet(creator.client, 'wallet');
    const paid = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 120, payment_method_id: wallet.id });
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    const rows = await fundingRows(event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'charged', chargedCents: 12_000, paymentMethodId: wallet.id });
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.payment_amount).toBe(120);
    await expectBooksBalanced(server);
  });

  it('refuses a payment method id that is not a UUID with 400, and funding after approval with 409', async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const bad = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, payment_method_id: 'card-1' });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe(EVENT_MESSAGES.paymentMethodRequired);
    const live = await createCampaign(server.app, creator.user._id, { status: 'approved' });
    const late = await creator.client.post('/api/events/payment', { event_id: live.id, amount: 100, test_mode: true });
    expect(late.status).toBe(409);
    expect(await fundingRows(live.id)).toEqual([]);
  });
});

describe('a funding attempt whose outcome was never recorded (decision 091)', () => {
  const clock = createTestClock();
  beforeAll(() => {
    server.app.ctx.clock = clock;
  });

  /** The creator's first request claimed attempt 0 of $100 and died; `charged`: after the provider charged. */
  async function crashedFunding(charged: boolean) {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const card = await saveCard(creator.client);
    const [method] = await server.app.ctx.database.query<{ customer: string; method: string }>(
      'select provider_customer_ref as customer, provider_method_ref as method from payment_methods where id = $1',
      [card],
    );
    const key = `creator-funding:${event.id}`;
    await server.app.ctx.db.insert(pledges).values({
      eventId: event.id,
      userId: creator.user._id,
      isCreatorPledge: true,
      idempotencyKey: key,
      amountCents: 10_000,
      platformFeeCents: 500,
      paymentMethodId: card,
      attemptStartedAt: clock.now(),
    });
    if (charged)
      await server.app.ctx.payments.charge({
        customerRef: method!.customer,
        methodRef: method!.method,
        amountCents: 10_000,
        idempotencyKey: `${key}:charge:0`,
      });
    const providerCharges = () =>
      server.app.ctx.database.query<{ key: string; amount: string }>(
        'select idempotency_key as key, amount_cents as amount from sandbox_charges where idempotency_key like $1',
        [`${key}:%`],
      );
    return { creator, event, card, providerCharges };
  }

  it('is settled from the provider when the creator asks again with another amount, never charged twice', { timeout: 30_000 }, async () => {
    const { creator, event, card, providerCharges } = await crashedFunding(true);
    // While the claim is live the first request may still be running: nothing is sent.
    const early = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 150, payment_method_id: card });
    expect(early.status).toBe(409);
    expect(early.data.message).toBe(FUNDING_MESSAGES.inProgress);

    clock.advance(ATTEMPT_LEASE_MS);
    const later = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 150, payment_method_id: card });
    expect(later.status, JSON.stringify(later.data)).toBe(200);
    expect(later.data.message).toBe(FUNDING_MESSAGES.earlierPaymentBooked);
    expect(await fundingRows(event.id)).toMatchObject([{ status: 'charged', amountCents: 10_000, chargedCents: 10_000, attemptStartedAt: null }]);
    expect(await providerCharges()).toHaveLength(1);
    expect(await accountBalance(server, 'donor_card', { eventId: event.id })).toBe(-10_000);
    await expectBooksBalanced(server);
  });

  it('sends a changed amount under a new attempt key once the provider confirms the old one charged nothing', async () => {
    const { creator, event, card, providerCharges } = await crashedFunding(false);
    clock.advance(ATTEMPT_LEASE_MS);
    const paid = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 150, payment_method_id: card });
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    expect(paid.data.message).toBe(FUNDING_MESSAGES.initiated);
    expect(await providerCharges()).toEqual([{ key: `creator-funding:${event.id}:charge:1`, amount: expect.anything() }]);
    expect(await fundingRows(event.id)).toMatchObject([{ status: 'charged', amountCents: 15_000, chargedCents: 15_000, retryCount: 1 }]);
    await expectBooksBalanced(server);
  });
});

describe('test mode with Stripe configured', () => {
  async function fundInTestMode(overrides: Parameters<typeof startTestServer>[0]) {
    const standIn = createStripeStandIn();
    const stripeServer = await startTestServer({ stripePublishableKey: 'pk_test_standin', stripeApiBase: await standIn.start(), ...overrides });
    try {
      const creator = await signUp(stripeServer.url);
      const event = await createCampaign(stripeServer.app, creator.user._id, { status: 'pending' });
      const response = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, test_mode: true });
      const rows = await stripeServer.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, event.id));
      return { response, rows, intents: standIn.callsTo('POST', '/v1/payment_intents') };
    } finally {
      await stripeServer.close();
      await standIn.close();
    }
  }

  it('is refused with 409 and a clear message unless the configuration allows it', async () => {
    const { response, rows, intents } = await fundInTestMode({ stripeSecretKey: 'sk_test_standin' });
    expect(response.status).toBe(409);
    expect(response.data.message).toBe(FUNDING_MESSAGES.testModeUnavailable);
    expect(rows).toEqual([]);
    expect(intents).toEqual([]);
  });

  it("charges Stripe's test card when allowed with a test key", async () => {
    const { response, rows, intents } = await fundInTestMode({ stripeSecretKey: 'sk_test_standin', allowTestModePayments: true });
    expect(response.status, JSON.stringify(response.data)).toBe(200);
    expect(response.data).toMatchObject({ success: true, test_mode: true, message: EVENT_MESSAGES.testPaymentProcessed });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'charged', amountCents: 10_000 });
    expect(intents).toHaveLength(1);
    expect(intents[0]!.form.get('amount')).toBe('10000');
  });

  it('is refused with a live key even when allowed: a live account has no test card', async () => {
    const { response, rows, intents } = await fundInTestMode({ stripeSecretKey: 'sk_live_standin', allowTestModePayments: true });
    expect(response.status).toBe(409);
    expect(response.data.message).toBe(FUNDING_MESSAGES.testModeUnavailable);
    expect(rows).toEqual([]);
    expect(intents).toEqual([]);
  });
});
