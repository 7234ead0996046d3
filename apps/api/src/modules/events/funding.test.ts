import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EVENT_MESSAGES } from '@pledgeway/domain';
import { pledges } from '../../db/schema.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { accountBalance, addCard, CARDS, expectBooksBalanced } from '../charging/test-helpers.ts';
import { createCampaign } from '../my-events/test-factories.ts';
import { createStripeStandIn } from '../../test/stripe-stand-in.ts';
import { FUNDING_MESSAGES } from './funding.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const fundingRows = (eventId: string) => server.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, eventId));

describe("POST /api/events/payment: the creator's funding", () => {
  it('charges the saved card into the campaign escrow, once per campaign', async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const card = await addCard(creator.client);
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
    const declined = await addCard(creator.client, CARDS.declined);
    const response = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, payment_method_id: declined });
    expect(response.status).toBe(402);
    expect(response.data.message).toBe('Your card has insufficient funds.');
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.payment_amount).toBe(0);
    expect(await accountBalance(server, 'donor_card', { eventId: event.id })).toBe(0);

    const good = await addCard(creator.client);
    const paid = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100, payment_method_id: good });
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.payment_amount).toBe(100);
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
