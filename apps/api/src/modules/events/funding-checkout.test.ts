import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pledges } from '../../db/schema.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import type { StripePaymentProvider } from '../../providers/payments/index.ts';
import { createStripeStandIn, signedStripeEvent } from '../../test/stripe-stand-in.ts';
import { FUNDING_MESSAGES } from './funding.ts';
import { accountBalance, expectBooksBalanced } from '../../test/money.ts';
import { createCampaign } from '../../test/factories.ts';

/** The creator's funding with a new card on Stripe's hosted Checkout page, against the local stand-in. */
const SECRET = 'whsec_funding_checkout';
const standIn = createStripeStandIn();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    stripeSecretKey: 'sk_test_stand_in',
    stripePublishableKey: 'pk_test_stand_in',
    stripeWebhookSecret: SECRET,
    stripeApiBase: await standIn.start(),
  });
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

const fundingOf = async (eventId: string) => (await server.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, eventId)))[0]!;
const sessionIdOf = (url: string) => url.split('/').at(-1)!;

/** What Stripe sends once the buyer has paid on the hosted page. */
function completedWebhook(sessionId: string) {
  // A session the stand-in does not hold is described as Stripe would send it, paid.
  const session = standIn.object(sessionId) ?? { id: sessionId, status: 'complete', payment_status: 'paid', amount_total: 4_000 };
  const call = signedStripeEvent(SECRET, 'checkout.session.completed', { ...session, object: 'checkout.session' });
  return () =>
    fetch(`${server.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': call.signature },
      body: call.body,
    });
}

describe('POST /api/events/payment with a new card when Stripe is configured', () => {
  it('answers the Checkout page in session.url, counts nothing until Stripe reports it paid, then books it once', { tags: ['concurrency'] }, async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const response = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 250, test_mode: false });
    expect(response.status, JSON.stringify(response.data)).toBe(200);
    expect(response.data).toMatchObject({ success: true, message: FUNDING_MESSAGES.initiated, test_mode: false });
    expect(response.data.session.url).toMatch(/^https:\/\/checkout\.stripe\.example\/pay\/cs_/);
    const sessionId = sessionIdOf(response.data.session.url);
    const created = standIn.callsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(created.form.get('line_items[0][price_data][unit_amount]')).toBe('25000');
    expect(created.form.get('success_url')).toBe(`${server.app.ctx.config.publicUrl}/user/event/${event.id}?checkout=complete`);
    expect(created.form.get('cancel_url')).toBe(`${server.app.ctx.config.publicUrl}/user/event/${event.id}?checkout=cancelled&amount=250.00`);
    expect(created.form.get('payment_intent_data[setup_future_usage]')).toBe('off_session');

    // Nothing is raised while the page is open; an early webhook (not paid yet) books nothing.
    expect(await fundingOf(event.id)).toMatchObject({ status: 'pending', providerChargeRef: sessionId, chargedCents: null });
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.payment_amount).toBe(0);

    standIn.payCheckoutSession(sessionId);
    const deliver = completedWebhook(sessionId);
    const answers = await Promise.all([deliver(), deliver(), deliver()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);

    const row = await fundingOf(event.id);
    expect(row).toMatchObject({ status: 'charged', chargedCents: 25_000 });
    expect(row.providerChargeRef).toMatch(/^pi_/);
    expect(row.cardFeeCents).toBeGreaterThan(0);
    expect(await accountBalance(server, 'event_escrow', { eventId: event.id })).toBe(25_000 - row.cardFeeCents!);
    const charges = await server.app.ctx.database.query("select id from ledger_transactions where kind = 'funding_charge' and pledge_id = $1", [row.id]);
    expect(charges).toHaveLength(1);
    expect((await creator.client.get(`/api/events/show/${event.id}`)).data.payment_amount).toBe(250);
    // A late repeat of the webhook changes nothing.
    expect((await deliver()).status).toBe(200);
    expect(await fundingOf(event.id)).toMatchObject({ status: 'charged', providerChargeRef: row.providerChargeRef });
    await expectBooksBalanced(server);
  });

  it('expires an open page before making another, so only one page of a funding can ever be paid', async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const first = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100 });
    const second = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 150 });
    expect(second.status, JSON.stringify(second.data)).toBe(200);
    const [firstId, secondId] = [sessionIdOf(first.data.session.url), sessionIdOf(second.data.session.url)];
    expect(secondId).not.toBe(firstId);
    expect(standIn.object(firstId)).toMatchObject({ status: 'expired' });
    expect(await fundingOf(event.id)).toMatchObject({ status: 'pending', providerChargeRef: secondId, amountCents: 15_000 });

    // A webhook about the expired page books nothing; the current one is paid and booked.
    expect((await completedWebhook(firstId)()).status).toBe(200);
    expect(await fundingOf(event.id)).toMatchObject({ status: 'pending' });
    standIn.payCheckoutSession(secondId);
    expect((await completedWebhook(secondId)()).status).toBe(200);
    expect(await fundingOf(event.id)).toMatchObject({ status: 'charged', chargedCents: 15_000 });
    await expectBooksBalanced(server);
  });

  it('books a page paid before the webhook arrived when the creator asks again, instead of charging twice', async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const first = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100 });
    standIn.payCheckoutSession(sessionIdOf(first.data.session.url));
    const again = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 100 });
    expect(again.status, JSON.stringify(again.data)).toBe(200);
    expect(again.data.session).toBeUndefined();
    expect(await fundingOf(event.id)).toMatchObject({ status: 'charged', chargedCents: 10_000 });
    expect(standIn.callsTo('POST', '/v1/checkout/sessions').filter((call) => call.form.get('metadata[event_id]') === event.id)).toHaveLength(1);
    await expectBooksBalanced(server);
  });

  it('returns in full a page paid after its campaign was deleted, once, and leaves a booked payment alone', async () => {
    const creator = await signUp(server.url);
    const event = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const started = await creator.client.post('/api/events/payment', { event_id: event.id, amount: 120 });
    expect(started.status, JSON.stringify(started.data)).toBe(200);
    const sessionId = sessionIdOf(started.data.session.url);
    expect((await creator.client.delete(`/api/events/${event.id}`)).status).toBe(200);

    // The creator pays on the page that was still open in another tab.
    standIn.payCheckoutSession(sessionId);
    const deliver = completedWebhook(sessionId);
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200);
    const refunds = standIn.callsTo('POST', '/v1/refunds').filter((call) => call.idempotencyKey === `orphaned-checkout:${sessionId}`);
    expect(refunds.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refunds.map((call) => call.form.get('amount')))).toEqual(new Set(['12000']));
    // One refund at Stripe however many webhooks came: the same key replays the first answer.
    const intent = standIn.object(String(standIn.object(sessionId)!.payment_intent))!;
    expect(standIn.object(String(intent.latest_charge))).toMatchObject({ amount: 12_000, amount_refunded: 12_000 });
    expect(await server.app.ctx.database.query('select id from pledges where event_id = $1 and status = $2', [event.id, 'charged'])).toHaveLength(0);

    // A session booked on its pledge is never refunded by a repeated webhook.
    const kept = await createCampaign(server.app, creator.user._id, { status: 'pending' });
    const keptSession = sessionIdOf((await creator.client.post('/api/events/payment', { event_id: kept.id, amount: 100 })).data.session.url);
    standIn.payCheckoutSession(keptSession);
    const keptDeliver = completedWebhook(keptSession);
    expect((await keptDeliver()).status).toBe(200);
    expect((await keptDeliver()).status).toBe(200);
    expect(standIn.callsTo('POST', '/v1/refunds').filter((call) => call.idempotencyKey === `orphaned-checkout:${keptSession}`)).toHaveLength(0);
    expect(await fundingOf(kept.id)).toMatchObject({ status: 'charged', chargedCents: 10_000 });
    await expectBooksBalanced(server);
  });

  it('leaves alone a paid session it did not open for a funding, and one Stripe does not know', async () => {
    const stripe = server.app.ctx.payments as StripePaymentProvider;
    const foreign = await stripe.createCheckoutSession({
      customerRef: 'cus_foreign',
      amountCents: 4_000,
      description: 'Another integration on the same Stripe account',
      successUrl: 'https://shop.example/done',
      cancelUrl: 'https://shop.example/cart',
      idempotencyKey: 'foreign-session',
      metadata: { order_id: 'o-1' },
    });
    standIn.payCheckoutSession(foreign.ref);
    expect((await completedWebhook(foreign.ref)()).status).toBe(200);
    expect((await completedWebhook('cs_unknown_to_stripe')()).status).toBe(200);
    const refunds = standIn.callsTo('POST', '/v1/refunds').map((call) => call.idempotencyKey);
    expect(refunds).not.toContain(`orphaned-checkout:${foreign.ref}`);
    expect(refunds).not.toContain('orphaned-checkout:cs_unknown_to_stripe');
  });
});
