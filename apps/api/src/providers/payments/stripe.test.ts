import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createStripeStandIn } from '../../test/stripe-stand-in.ts';
import { isStripe, sandboxFeeCents, type StripePaymentProvider } from './index.ts';
import { DECLINE_MESSAGES } from './types.ts';

/** The Stripe provider through the official SDK, against the local stand-in of Stripe's API. */
const standIn = createStripeStandIn();
let server: TestServer;
let stripe: StripePaymentProvider;

beforeAll(async () => {
  server = await startTestServer({
    stripeSecretKey: 'sk_test_stand_in',
    stripePublishableKey: 'pk_test_stand_in',
    stripeWebhookSecret: 'whsec_stand_in_secret',
    stripeApiBase: await standIn.start(),
  });
  if (!isStripe(server.app.ctx.payments)) throw new Error('Stripe is not the provider');
  stripe = server.app.ctx.payments;
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

/** What the add-card dialog does with Stripe: a SetupIntent, confirmed by Elements, then saved. */
async function saveCardThroughSetupIntent(client: TestClient, number = '4242 4242 4242 4242') {
  const setup = await client.post('/api/payment-methods/setup-intent');
  expect(setup.status, JSON.stringify(setup.data)).toBe(201);
  standIn.confirmSetupIntent(setup.data.setup_intent_id, number);
  return client.post('/api/payment-methods', { token: setup.data.setup_intent_id });
}

async function chargeableCard(number = '4242424242424242') {
  const customer = await stripe.createCustomer({ email: 'donor@example.com', name: 'Dana Donor' });
  const setup = await stripe.createSetupIntent({ customerRef: customer.ref });
  standIn.confirmSetupIntent(setup.ref, number);
  const card = await stripe.attachCard({ customerRef: customer.ref, token: setup.ref });
  return { customerRef: customer.ref, methodRef: card.ref };
}

let keys = 0;
const newKey = (label: string) => `${label}-${(keys += 1)}`;

describe('Stripe payment provider (local stand-in)', () => {
  it('hands the publishable key to the card form and lets Stripe.js run', async () => {
    const config = await new TestClient(server.url).get('/api/payment-methods/config');
    expect(config.data).toEqual({ success: true, provider: 'stripe', publishable_key: 'pk_test_stand_in' });
    // Elements runs Stripe.js from js.stripe.com in Stripe's frames: the policy allows exactly that.
    const policy = config.headers.get('content-security-policy') ?? '';
    // (Beside the page template's inline script, allowed by its hash once the web app is built: decision 120.)
    expect(policy).toMatch(/script-src 'self'(?: 'sha256-[A-Za-z0-9+/=]+')* https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(policy).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
  });

  it('saves a card through a SetupIntent of the user’s own customer, keeping no card number', async () => {
    const { client } = await signUp(server.url, { name: 'Casey Card' });
    const saved = await saveCardThroughSetupIntent(client);
    expect(saved.status, JSON.stringify(saved.data)).toBe(201);
    expect(saved.data.data).toMatchObject({ card: { brand: 'visa', last4: '4242' }, billing_details: { name: 'Dana Donor' }, is_default: true });
    const setupCall = standIn.callsTo('POST', '/v1/setup_intents').at(-1)!;
    expect(setupCall.form.get('usage')).toBe('off_session');
    expect(setupCall.form.get('customer')).toMatch(/^cus_/);
    expect(setupCall.authorization).toBe('Bearer sk_test_stand_in');

    // A second card reuses the customer.
    const customersBefore = standIn.callsTo('POST', '/v1/customers').length;
    const second = await saveCardThroughSetupIntent(client, '5555 5555 5555 4444');
    expect(second.status).toBe(201);
    expect(standIn.callsTo('POST', '/v1/customers')).toHaveLength(customersBefore);
    const list = await client.get('/api/payment-methods');
    expect(list.data.data.map((card: { card: { last4: string } }) => card.card.last4)).toEqual(['4242', '4444']);
    const rows = await server.app.ctx.database.query('select * from payment_methods');
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
  });

  it('answers a repeated save of one SetupIntent with the card already saved', async () => {
    const { client } = await signUp(server.url);
    const setup = await client.post('/api/payment-methods/setup-intent');
    standIn.confirmSetupIntent(setup.data.setup_intent_id, '4242424242424242');
    const first = await client.post('/api/payment-methods', { token: setup.data.setup_intent_id });
    const second = await client.post('/api/payment-methods', { token: setup.data.setup_intent_id });
    expect(second.data.data.id).toBe(first.data.data.id);
    expect((await client.get('/api/payment-methods')).data.data).toHaveLength(1);
  });

  it('refuses a card that failed setup, with Stripe’s message, and saves nothing', async () => {
    const { client } = await signUp(server.url);
    const refused = await saveCardThroughSetupIntent(client, '4000 0000 0000 0002');
    expect(refused.status).toBe(422);
    expect(refused.data.message).toBe('Your card was declined.');
    const unconfirmed = await client.post('/api/payment-methods/setup-intent');
    expect((await client.post('/api/payment-methods', { token: unconfirmed.data.setup_intent_id })).status).toBe(422);
    expect((await client.get('/api/payment-methods')).data.data).toEqual([]);
  });

  it('never saves the SetupIntent or card of another customer', async () => {
    const owner = await signUp(server.url);
    const thief = await signUp(server.url);
    const setup = await owner.client.post('/api/payment-methods/setup-intent');
    standIn.confirmSetupIntent(setup.data.setup_intent_id, '4242424242424242');
    expect((await thief.client.post('/api/payment-methods', { token: setup.data.setup_intent_id })).status).toBe(422);
    const method = String(standIn.object(setup.data.setup_intent_id)!.payment_method);
    expect((await thief.client.post('/api/payment-methods', { token: method })).status).toBe(422);
    expect((await thief.client.post('/api/payment-methods', { token: 'seti_unknown' })).status).toBe(422);
    expect((await thief.client.get('/api/payment-methods')).data.data).toEqual([]);
  });

  it('charges a saved card off-session, confirmed at once, with the fee Stripe reports', async () => {
    const { customerRef, methodRef } = await chargeableCard();
    standIn.state.cardFeeCents = 338;
    const idempotencyKey = newKey('pledge');
    const result = await stripe.charge({ customerRef, methodRef, amountCents: 10_000, idempotencyKey, description: 'Pledge' });
    expect(result).toMatchObject({ ok: true, amountCents: 10_000, feeCents: 338, ref: expect.stringMatching(/^pi_/) });
    expect(sandboxFeeCents(10_000)).not.toBe(338); // the fee is Stripe's, not the sandbox's estimate
    const call = standIn.callsTo('POST', '/v1/payment_intents').at(-1)!;
    expect(Object.fromEntries(['amount', 'currency', 'customer', 'payment_method', 'off_session', 'confirm'].map((key) => [key, call.form.get(key)]))).toEqual({
      amount: '10000',
      currency: 'usd',
      customer: customerRef,
      payment_method: methodRef,
      off_session: 'true',
      confirm: 'true',
    });
    expect(call.form.has('capture_method')).toBe(false); // no authorization hold
    expect(call.idempotencyKey).toBe(idempotencyKey);
    expect(await stripe.retrieveCharge(result.ref)).toEqual(result);
  });

  it.each([
    ['4000000000000341', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000002760003184', 'authentication_required'],
    ['4000002500003155', 'authentication_required'],
    ['4000000000000069', 'expired_card'],
  ] as const)('maps the decline of %s to %s', async (number, code) => {
    const { customerRef, methodRef } = await chargeableCard(number);
    const result = await stripe.charge({ customerRef, methodRef, amountCents: 5_000, idempotencyKey: newKey('decline') });
    expect(result).toEqual({ ok: false, ref: expect.stringMatching(/^pi_/), code, message: DECLINE_MESSAGES[code] });
  });

  it('sends the idempotency key and honours it: the same key is the same payment', async () => {
    const { customerRef, methodRef } = await chargeableCard();
    const input = { customerRef, methodRef, amountCents: 7_700, idempotencyKey: newKey('retry') };
    const first = await stripe.charge(input);
    const second = await stripe.charge(input);
    expect(second).toEqual(first);
    const sent = standIn.callsTo('POST', '/v1/payment_intents').filter((call) => call.idempotencyKey === input.idempotencyKey);
    expect(sent).toHaveLength(2);
    await expect(stripe.charge({ ...input, amountCents: 9_900 })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const declined = await chargeableCard('4000000000000341');
    const declineInput = { ...declined, amountCents: 1_000, idempotencyKey: newKey('declined-retry') };
    expect(await stripe.charge(declineInput)).toEqual(await stripe.charge(declineInput));
  });

  it('finds the charge an attempt made by the attempt key in its metadata, also once Stripe forgot the key', async () => {
    const { customerRef, methodRef } = await chargeableCard();
    const input = { customerRef, methodRef, amountCents: 6_100, idempotencyKey: newKey('find') };
    const made = await stripe.charge(input);
    expect(standIn.callsTo('POST', '/v1/payment_intents').at(-1)!.form.get('metadata[attempt_key]')).toBe(input.idempotencyKey);
    standIn.forgetIdempotencyKeys();
    expect(await stripe.findCharge(input.idempotencyKey)).toEqual(made);
    expect(await stripe.findCharge(newKey('never-sent'))).toBeNull();
    expect(stripe.idempotencyKeyLifetimeMs).toBe(24 * 3_600_000);
    const declined = await chargeableCard('4000000000000341');
    const declineInput = { ...declined, amountCents: 1_000, idempotencyKey: newKey('find-declined') };
    expect(await stripe.findCharge(declineInput.idempotencyKey)).toBeNull();
    const refused = await stripe.charge(declineInput);
    expect(await stripe.findCharge(declineInput.idempotencyKey)).toEqual(refused);
  });

  it('refunds once per key and never more than was charged', async () => {
    const { customerRef, methodRef } = await chargeableCard();
    const charge = await stripe.charge({ customerRef, methodRef, amountCents: 10_000, idempotencyKey: newKey('to-refund') });
    if (!charge.ok) throw new Error('charge failed');
    const key = newKey('refund');
    const first = await stripe.refund({ chargeRef: charge.ref, amountCents: 4_000, idempotencyKey: key });
    expect(await stripe.refund({ chargeRef: charge.ref, amountCents: 4_000, idempotencyKey: key })).toEqual(first);
    expect(standIn.callsTo('POST', '/v1/refunds').at(-1)!.form.get('payment_intent')).toBe(charge.ref);
    await expect(stripe.refund({ chargeRef: charge.ref, amountCents: 6_001, idempotencyKey: newKey('refund') })).rejects.toMatchObject({
      code: 'REFUND_TOO_LARGE',
    });
    expect(await stripe.refund({ chargeRef: charge.ref, idempotencyKey: newKey('refund') })).toMatchObject({ amountCents: 6_000 });
  });

  it("finds a refund by the key in its metadata among the charge's refunds, also once Stripe forgot the key", async () => {
    const { customerRef, methodRef } = await chargeableCard();
    const charge = await stripe.charge({ customerRef, methodRef, amountCents: 9_000, idempotencyKey: newKey('to-find-refund') });
    if (!charge.ok) throw new Error('charge failed');
    const key = newKey('find-refund');
    expect(await stripe.findRefund({ chargeRef: charge.ref, idempotencyKey: key })).toBeNull();
    await stripe.refund({ chargeRef: charge.ref, amountCents: 1_000, idempotencyKey: newKey('other-refund') });
    const made = await stripe.refund({ chargeRef: charge.ref, amountCents: 2_500, idempotencyKey: key });
    expect(standIn.callsTo('POST', '/v1/refunds').at(-1)!.form.get('metadata[attempt_key]')).toBe(key);
    standIn.forgetIdempotencyKeys();
    expect(await stripe.findRefund({ chargeRef: charge.ref, idempotencyKey: key })).toEqual(made);
    expect(standIn.callsTo('GET', '/v1/refunds').at(-1)!.form.get('payment_intent')).toBe(charge.ref);
  });

  it('lists saved cards, detaches one, and then reports it missing at charge time', async () => {
    const { customerRef, methodRef } = await chargeableCard();
    expect((await stripe.listCards(customerRef)).map((card) => card.ref)).toEqual([methodRef]);
    await stripe.detachCard({ customerRef, methodRef });
    await stripe.detachCard({ customerRef, methodRef });
    expect(await stripe.listCards(customerRef)).toEqual([]);
    const result = await stripe.charge({ customerRef, methodRef, amountCents: 1_000, idempotencyKey: newKey('detached') });
    expect(result).toMatchObject({ ok: false, code: 'card_missing' });
  });

  it('sends the creator to a hosted Checkout page and reads the paid session back with its fee', async () => {
    const { ref: customerRef } = await stripe.createCustomer({ email: 'creator@example.com', name: 'Creator' });
    const session = await stripe.createCheckoutSession({
      customerRef,
      amountCents: 25_000,
      description: 'Funding pledge',
      successUrl: 'https://pledgeway.example/user/event/create?checkout={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://pledgeway.example/user/event/create',
      idempotencyKey: newKey('funding'),
      metadata: { event_id: 'e1' },
    });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.example\/pay\/cs_/);
    const call = standIn.callsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(call.form.get('mode')).toBe('payment');
    expect(call.form.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(await stripe.checkoutOutcome(session.ref)).toEqual({ status: 'open', charge: null, methodRef: null, fundingPledgeId: null });
    expect(await stripe.checkoutOutcome('cs_unknown')).toBeNull();
    standIn.state.cardFeeCents = 755;
    standIn.payCheckoutSession(session.ref);
    expect(await stripe.checkoutOutcome(session.ref)).toMatchObject({
      status: 'complete',
      charge: { ok: true, amountCents: 25_000, feeCents: 755 },
      methodRef: expect.stringMatching(/^pm_/),
    });
  });
});
