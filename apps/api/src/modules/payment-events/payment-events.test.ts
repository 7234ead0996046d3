import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { settlePledge } from '@pledgeway/domain';
import { outboxEmails, pledges } from '../../db/schema.ts';
import { signUp } from '../../test/client.ts';
import { pledgeChargeEntries } from '../ledger/postings.ts';
import { ledgerRepository } from '../ledger/repository.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import Stripe from 'stripe';
import { createStripeStandIn, signedStripeEvent } from '../../test/stripe-stand-in.ts';
import { createCampaign, firstCharityId } from '../../test/factories.ts';

/** POST /api/payments/webhook with Stripe as the provider; calls signed by the SDK's test helper. */
const SECRET = 'whsec_payments_secret';
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

function deliver(call: { body: string; signature: string }) {
  return fetch(`${server.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': call.signature },
    body: call.body,
  });
}

async function recorded(where: string, value: string) {
  // bigint comes back as a string from node-postgres and as a number from PGlite.
  return server.app.ctx.database.query<Record<string, unknown>>(
    `select *, amount_cents::int as amount_cents from payment_provider_events where ${where} = $1 order by received_at`,
    [value],
  );
}

let sequence = 0;
const paymentIntent = (overrides: Record<string, unknown> = {}) => ({
  id: `pi_webhook_${(sequence += 1)}`,
  object: 'payment_intent',
  amount: 5_000,
  amount_received: 5_000,
  currency: 'usd',
  customer: 'cus_webhook',
  payment_method: 'pm_webhook',
  status: 'succeeded',
  last_payment_error: null,
  ...overrides,
});

describe('Stripe webhooks', () => {
  it('records a correctly signed payment event once, however often it is delivered', async () => {
    const intent = paymentIntent();
    const call = signedStripeEvent(SECRET, 'payment_intent.succeeded', intent);
    const first = await deliver(call);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await deliver(call);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const rows = await recorded('payment_intent_ref', intent.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'payment_intent.succeeded',
      object_ref: intent.id,
      amount_cents: 5_000,
      customer_ref: 'cus_webhook',
      method_ref: 'pm_webhook',
    });
  });

  it('records an event once when Stripe delivers it several times at once', { tags: ['concurrency'] }, async () => {
    const intent = paymentIntent();
    const call = signedStripeEvent(SECRET, 'payment_intent.succeeded', intent);
    const answers = await Promise.all(Array.from({ length: 6 }, async () => (await deliver(call)).json() as Promise<{ duplicate: boolean }>));
    expect(answers.filter((answer) => answer.duplicate === false)).toHaveLength(1);
    expect(await recorded('payment_intent_ref', intent.id)).toHaveLength(1);
  });

  it('refuses forged, stale and unsigned calls and records nothing', async () => {
    const intent = paymentIntent();
    const genuine = signedStripeEvent(SECRET, 'payment_intent.succeeded', intent);
    const forged = signedStripeEvent('whsec_someone_else', 'payment_intent.succeeded', intent);
    const stale = signedStripeEvent(SECRET, 'payment_intent.succeeded', intent, { timestamp: Math.floor(Date.now() / 1000) - 3_600 });
    for (const call of [forged, stale, { body: genuine.body, signature: '' }, { body: genuine.body.replace('5000', '9000'), signature: genuine.signature }]) {
      const response = await deliver(call);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'Invalid webhook signature' });
    }
    expect(await recorded('payment_intent_ref', intent.id)).toEqual([]);
  });

  it('records a failed payment with its decline, a saved card, a refund and a paid checkout', async () => {
    const failed = paymentIntent({
      status: 'requires_payment_method',
      amount_received: 0,
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    const calls = [
      signedStripeEvent(SECRET, 'payment_intent.payment_failed', failed),
      signedStripeEvent(SECRET, 'setup_intent.succeeded', { id: 'seti_webhook', object: 'setup_intent', customer: 'cus_webhook', payment_method: 'pm_saved' }),
      signedStripeEvent(SECRET, 'charge.refunded', {
        id: 'ch_webhook',
        object: 'charge',
        amount: 5_000,
        amount_refunded: 1_500,
        payment_intent: failed.id,
        customer: 'cus_webhook',
        payment_method: 'pm_webhook',
      }),
      signedStripeEvent(SECRET, 'checkout.session.completed', {
        id: 'cs_webhook',
        object: 'checkout.session',
        amount_total: 25_000,
        payment_intent: 'pi_checkout',
        customer: 'cus_webhook',
      }),
      signedStripeEvent(SECRET, 'customer.created', { id: 'cus_other', object: 'customer' }),
    ];
    for (const call of calls) expect((await deliver(call)).status).toBe(200);
    const [declined, refunded] = await recorded('payment_intent_ref', failed.id);
    expect(declined).toMatchObject({
      type: 'payment_intent.payment_failed',
      failure_code: 'insufficient_funds',
      failure_message: 'Your card has insufficient funds.',
    });
    expect(refunded).toMatchObject({ type: 'charge.refunded', object_ref: 'ch_webhook', amount_cents: 1_500 });
    expect((await recorded('object_ref', 'seti_webhook'))[0]).toMatchObject({ type: 'setup_intent.succeeded', method_ref: 'pm_saved' });
    expect((await recorded('object_ref', 'cs_webhook'))[0]).toMatchObject({ payment_intent_ref: 'pi_checkout', amount_cents: 25_000 });
    expect(await recorded('object_ref', 'cus_other')).toMatchObject([{ type: 'customer.created', amount_cents: null }]);
  });

  it('refuses an empty or malformed signature with 400, never 500', async () => {
    const { body } = signedStripeEvent(SECRET, 'payment_intent.succeeded', paymentIntent());
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [`t=${now},v1=`, `t=${now}`, 'v1=abc', `t=,v1=${'0'.repeat(64)}`, 't=abc,v1=zz']) {
      const response = await deliver({ body, signature });
      expect(response.status, signature).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'Invalid webhook signature' });
    }
  });

  it('answers a correctly signed event with missing fields without a 500 and records nothing of it', async () => {
    const session = { id: 'cs_no_created', object: 'checkout.session', amount_total: 25_000, payment_intent: 'pi_no_created', customer: 'cus_webhook' };
    const bodies = [
      { id: 'evt_no_created', object: 'event', type: 'checkout.session.completed', data: { object: session } },
      { id: 'evt_no_data', object: 'event', type: 'checkout.session.completed', created: 1_700_000_000 },
      { object: 'event', type: 'payment_intent.succeeded', created: 1_700_000_000, data: { object: paymentIntent() } },
      { id: 'evt_no_object_id', object: 'event', type: 'charge.refunded', created: 1_700_000_000, data: { object: { object: 'charge' } } },
    ];
    for (const event of bodies) {
      const payload = JSON.stringify(event);
      const response = await deliver({ body: payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) });
      expect(response.status, payload).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'Invalid webhook event' });
    }
    expect(await recorded('object_ref', 'cs_no_created')).toEqual([]);
  });

  it('records every verified event id once, of ignored types too, so a repeat answers duplicate', async () => {
    const call = signedStripeEvent(SECRET, 'customer.updated', { id: 'cus_repeated', object: 'customer' });
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) answers.push(await (await deliver(call)).json());
    expect(answers).toEqual([
      { received: true, duplicate: false },
      { received: true, duplicate: true },
      { received: true, duplicate: true },
    ]);
    expect(await recorded('object_ref', 'cus_repeated')).toMatchObject([{ type: 'customer.updated' }]);
  });

  it("records Stripe's dispute events by the webhook, and refuses a dispute without its charge", async () => {
    const dispute = {
      id: 'dp_webhook',
      object: 'dispute',
      amount: 1_000,
      charge: 'ch_unknown',
      payment_intent: 'pi_unknown',
      status: 'needs_response',
      reason: 'fraudulent',
      balance_transactions: [{ amount: -1_000, fee: 1_500 }],
    };
    const created = await deliver(signedStripeEvent(SECRET, 'charge.dispute.created', dispute));
    expect(created.status).toBe(200);
    expect((await recorded('object_ref', 'dp_webhook'))[0]).toMatchObject({
      type: 'charge.dispute.created',
      payment_intent_ref: 'pi_unknown',
      amount_cents: 1_000,
    });
    const withoutCharge = await deliver(
      signedStripeEvent(SECRET, 'charge.dispute.created', { id: 'dp_no_charge', object: 'dispute', amount: 1_000, status: 'needs_response' }),
    );
    expect(withoutCharge.status).toBe(400);
    expect(await recorded('object_ref', 'dp_no_charge')).toEqual([]);
  });

  it("books a Stripe dispute of a pledge's PaymentIntent once, and its win reverses it", async () => {
    const creator = await signUp(server.url);
    const charityId = await firstCharityId(server);
    const event = await createCampaign(server.app, creator.user._id, { status: 'completed', charityId });
    const settled = settlePledge({ amountCents: 10_000, tipCents: 2_000, platformFeeCents: 300, coverCents: 0, chargedCents: 12_000, cardFeeCents: 378 });
    const db = server.app.ctx.db;
    const [pledge] = await db
      .insert(pledges)
      .values({
        eventId: event.id,
        amountCents: 10_000,
        tipCents: 2_000,
        platformFeeCents: 300,
        chargedCents: 12_000,
        cardFeeCents: 378,
        status: 'charged',
        idempotencyKey: `stripe-dispute:${event.id}`,
        providerChargeRef: `pi_disputed_${event.id}`,
      })
      .returning();
    await ledgerRepository.post(db, {
      kind: 'pledge_charge',
      idempotencyKey: `pledge-charge:${pledge!.id}`,
      pledgeId: pledge!.id,
      eventId: event.id,
      providerRef: pledge!.providerChargeRef,
      entries: pledgeChargeEntries(settled, { eventId: event.id, charityId }),
    });
    const dispute = {
      id: `dp_${event.id}`,
      object: 'dispute',
      amount: 12_000,
      charge: `ch_${event.id}`,
      payment_intent: pledge!.providerChargeRef,
      status: 'needs_response',
      reason: 'fraudulent',
      balance_transactions: [{ amount: -12_000, fee: 1_500 }],
    };
    const created = signedStripeEvent(SECRET, 'charge.dispute.created', dispute);
    expect(await (await deliver(created)).json()).toEqual({ received: true, duplicate: false });
    expect(await (await deliver(created)).json()).toEqual({ received: true, duplicate: true });
    const booked = await server.app.ctx.database.query<{ kind: string; account: string; cents: string }>(
      `select t.kind, e.account, e.amount_cents::text as cents from ledger_transactions t join ledger_entries e on e.transaction_id = t.id where t.pledge_id = $1 and t.kind like 'dispute%' order by e.id`,
      [pledge!.id],
    );
    expect(booked.filter((row) => row.account === 'charity_payable').map((row) => [row.kind, Number(row.cents)])).toEqual([['dispute_opened', -9_322]]);
    expect((await db.select().from(pledges).where(eq(pledges.id, pledge!.id)))[0]!.status).toBe('disputed');
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.to, creator.email.toLowerCase()))).toContainEqual(
      expect.objectContaining({ kind: 'dispute-opened' }),
    );

    expect((await deliver(signedStripeEvent(SECRET, 'charge.dispute.closed', { ...dispute, status: 'won' }))).status).toBe(200);
    expect((await db.select().from(pledges).where(eq(pledges.id, pledge!.id)))[0]!.status).toBe('charged');
    const [{ total } = { total: '' }] = await server.app.ctx.database.query<{ total: string }>(
      `select sum(e.amount_cents)::text as total from ledger_transactions t join ledger_entries e on e.transaction_id = t.id where t.pledge_id = $1 and t.kind like 'dispute%' and e.account = 'charity_payable'`,
      [pledge!.id],
    );
    expect(Number(total)).toBe(0);
  });

  it('passes identity verification events on to the identity module', async () => {
    const { client } = await signUp(server.url);
    const started = await client.post('/api/identity/session', {});
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const call = signedStripeEvent(SECRET, 'identity.verification_session.verified', { id: started.data.session_id, object: 'identity.verification_session' });
    expect((await deliver(call)).status).toBe(200);
    expect((await client.get('/api/identity/status')).data.identity_status).toBe('verified');
  });
});
