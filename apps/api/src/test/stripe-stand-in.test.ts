import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider, type StripePaymentProvider } from '../providers/payments/stripe.ts';
import { createStripeClient } from '../providers/stripe/client.ts';
import { createStripeStandIn, signedStripeEvent, STRIPE_FIXTURES } from './stripe-stand-in.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * Where `actual` differs in shape from Stripe's fixture: keys missing or extra, or a value of
 * another type, recursively. Null on either side is a nullable field; `metadata` and fields the
 * fixture shows as `{}` are free-form maps; an object naming its own type (an expanded field, an
 * event's `data.object`) is compared with that type's fixture.
 */
export function shapeDifferences(actual: unknown, fixture: unknown, path: string): string[] {
  if (actual === null || fixture === null) return [];
  // A PaymentMethod carries the hash of its own type; Stripe's fixture shows a card's (`card`).
  // For another type the fixture's other keys are compared, and its hash with TYPE_HASHES.
  if (isObject(actual) && isObject(fixture) && fixture.object === 'payment_method' && typeof actual.type === 'string' && !(actual.type in fixture)) {
    const { card: _card, ...rest } = fixture;
    const hash = TYPE_HASHES[actual.type];
    if (!hash) return [`${path}.type: ${actual.type} has no known shape`];
    return shapeDifferences(actual, { ...rest, [actual.type]: hash }, path);
  }
  if (isObject(actual) && typeof actual.object === 'string' && STRIPE_FIXTURES[actual.object] && !(isObject(fixture) && fixture.object === actual.object)) {
    return shapeDifferences(actual, STRIPE_FIXTURES[actual.object], `${path}<${actual.object}>`);
  }
  if (Array.isArray(fixture)) {
    if (!Array.isArray(actual)) return [`${path}: ${typeName(actual)}, Stripe has an array`];
    return fixture.length ? actual.flatMap((item, index) => shapeDifferences(item, fixture[0], `${path}[${index}]`)) : [];
  }
  if (isObject(fixture)) {
    if (!isObject(actual)) return [`${path}: ${typeName(actual)}, Stripe has an object`];
    if (Object.keys(fixture).length === 0 || path.endsWith('.metadata')) return [];
    // Stripe's fixture shows a PaymentIntent's last error with `type` only; an error's other fields
    // (code, decline_code, message, payment_method) are those of Stripe's error object, so only `type` is compared.
    if (path.endsWith('.last_payment_error')) return typeof actual.type === 'string' ? [] : [`${path}.type: missing`];
    const missing = Object.keys(fixture).filter((key) => !(key in actual));
    const extra = Object.keys(actual).filter((key) => !(key in fixture));
    return [
      ...missing.map((key) => `${path}.${key}: missing`),
      ...extra.map((key) => `${path}.${key}: not in Stripe's object`),
      ...Object.keys(fixture)
        .filter((key) => key in actual)
        .flatMap((key) => shapeDifferences(actual[key], fixture[key], `${path}.${key}`)),
    ];
  }
  return typeName(actual) === typeName(fixture) ? [] : [`${path}: ${typeName(actual)}, Stripe has ${typeName(fixture)}`];
}

/**
 * The type hashes of the PaymentMethods the stand-in makes besides cards. Stripe's published
 * fixture file has an example of a card only, so these follow the SDK's types of the same API
 * version (`Stripe.PaymentMethod.Cashapp`, `.Link`), with a value of each field's type.
 */
const TYPE_HASHES: Record<string, Json> = {
  cashapp: { buyer_id: 'string', cashtag: 'string' },
  link: { email: 'string' },
};

/** Every object in an answer: a list's items, or the answer itself. */
function objectsOf(body: Json): Json[] {
  if (body.object === 'list') return (body.data as Json[]).flatMap(objectsOf);
  return [body];
}

const standIn = createStripeStandIn();
let stripe: StripePaymentProvider;
let apiBase: string;

beforeAll(async () => {
  apiBase = await standIn.start();
  stripe = createStripeProvider({ secretKey: 'sk_test_shape', publishableKey: 'pk_test_shape', apiBase, webhookSecret: 'whsec_shape_secret' });
});
afterAll(() => standIn.close());

describe('the shape checker', () => {
  it('finds a missing key, an extra key and a value of another type, also nested', () => {
    const charge = structuredClone(STRIPE_FIXTURES.charge!);
    expect(shapeDifferences(charge, STRIPE_FIXTURES.charge, 'charge')).toEqual([]);
    delete charge.paid;
    charge.pledge = 1;
    charge.amount = '100';
    (charge.billing_details as Json).name = 3;
    expect(shapeDifferences(charge, STRIPE_FIXTURES.charge, 'charge')).toEqual([
      'charge.paid: missing',
      "charge.pledge: not in Stripe's object",
      'charge.amount: string, Stripe has number',
      'charge.billing_details.name: number, Stripe has string',
    ]);
    // A PaymentMethod of another type than card: its own hash, checked in the card's place.
    const { card: _card, ...cashapp } = structuredClone(STRIPE_FIXTURES.payment_method!);
    expect(shapeDifferences({ ...cashapp, type: 'cashapp', cashapp: { buyer_id: 'b', cashtag: '$x' } }, STRIPE_FIXTURES.payment_method, 'pm')).toEqual([]);
    expect(shapeDifferences({ ...cashapp, type: 'cashapp', cashapp: { buyer_id: 'b' }, card: {} }, STRIPE_FIXTURES.payment_method, 'pm')).toEqual([
      "pm.card: not in Stripe's object",
      'pm.cashapp.cashtag: missing',
    ]);
  });
});

describe('the Stripe stand-in', () => {
  it('answers every call of the payment provider with objects of the shape of Stripe’s published fixtures', async () => {
    const customer = await stripe.createCustomer({ email: 'shape@example.com', name: 'Shape Tester' });
    const setup = await stripe.createSetupIntent({ customerRef: customer.ref });
    standIn.confirmSetupIntent(setup.ref, '4242424242424242');
    const card = await stripe.attachCard({ customerRef: customer.ref, token: setup.ref });
    await stripe.listCards(customer.ref);
    const charge = await stripe.charge({ customerRef: customer.ref, methodRef: card.ref, amountCents: 5_000, idempotencyKey: 'shape-charge' });
    expect(charge.ok).toBe(true);
    await stripe.retrieveCharge(charge.ref);
    await stripe.refund({ chargeRef: charge.ref, amountCents: 1_000, idempotencyKey: 'shape-refund' });
    expect(await stripe.listMovements()).toHaveLength(2);
    const declining = await stripe.createSetupIntent({ customerRef: customer.ref });
    standIn.confirmSetupIntent(declining.ref, '4000000000000341');
    const declined = await stripe.attachCard({ customerRef: customer.ref, token: declining.ref });
    expect(await stripe.charge({ customerRef: customer.ref, methodRef: declined.ref, amountCents: 5_000, idempotencyKey: 'shape-0341' })).toMatchObject({
      ok: false,
      code: 'card_declined',
    });
    // A charge the bank asks to authenticate (decision 170): confirmed on session once, another closed before a new attempt.
    const asking = await stripe.createSetupIntent({ customerRef: customer.ref });
    standIn.confirmSetupIntent(asking.ref, '4000002760003184');
    const askingCard = await stripe.attachCard({ customerRef: customer.ref, token: asking.ref });
    const waiting = await stripe.charge({ customerRef: customer.ref, methodRef: askingCard.ref, amountCents: 2_500, idempotencyKey: 'shape-3184' });
    expect(waiting).toMatchObject({ ok: false, code: 'authentication_required' });
    const confirmation = await stripe.paymentConfirmation(waiting.ref);
    expect(confirmation).toMatchObject({ methodRef: askingCard.ref, status: 'requires_payment_method' });
    standIn.confirmPaymentOnSession(waiting.ref, confirmation.clientSecret);
    expect(await stripe.retrieveCharge(waiting.ref)).toMatchObject({ ok: true, amountCents: 2_500 });
    expect(await stripe.closeWaitingCharge(waiting.ref)).toMatchObject({ ok: true });
    const closing = await stripe.charge({ customerRef: customer.ref, methodRef: askingCard.ref, amountCents: 2_500, idempotencyKey: 'shape-3184-closed' });
    expect(await stripe.closeWaitingCharge(closing.ref)).toMatchObject({ ok: false });
    expect(standIn.object(closing.ref)).toMatchObject({ status: 'canceled' });
    const session = await stripe.createCheckoutSession({
      customerRef: customer.ref,
      amountCents: 10_000,
      description: 'Funding',
      successUrl: 'http://localhost/ok',
      cancelUrl: 'http://localhost/cancel',
      idempotencyKey: 'shape-session-1',
      metadata: { funding_pledge_id: '00000000-0000-4000-8000-000000000000' },
    });
    standIn.payCheckoutSession(session.ref);
    await stripe.checkoutOutcome(session.ref);
    const open = await stripe.createCheckoutSession({
      customerRef: customer.ref,
      amountCents: 10_000,
      description: 'Funding',
      successUrl: 'http://localhost/ok',
      cancelUrl: 'http://localhost/cancel',
      idempotencyKey: 'shape-session-2',
      metadata: { funding_pledge_id: '00000000-0000-4000-8000-000000000001' },
    });
    await stripe.expireCheckoutSession(open.ref);
    await stripe.testCardToken!(customer.ref);
    // Wallets, Link and Cash App Pay (decision 150), and the wallets' domain registration (decision 152).
    for (const wallet of [
      { type: 'apple_pay' },
      { type: 'google_pay' },
      { type: 'cashapp', cashtag: '$shape' },
      { type: 'link', email: 'shape@example.com' },
    ] as const) {
      const walletSetup = await stripe.createSetupIntent({ customerRef: customer.ref });
      standIn.confirmSetupIntentWithWallet(walletSetup.ref, wallet);
      const saved = await stripe.attachCard({ customerRef: customer.ref, token: walletSetup.ref });
      await stripe.charge({ customerRef: customer.ref, methodRef: saved.ref, amountCents: 2_000, idempotencyKey: `shape-${wallet.type}` });
    }
    await stripe.listCards(customer.ref);
    await stripe.registerPaymentMethodDomain('pledges.example.org');
    await stripe.registerPaymentMethodDomain('pledges.example.org');
    await stripe.paymentMethodDomain('pledges.example.org');
    await stripe.detachCard({ customerRef: customer.ref, methodRef: card.ref });
    await createStripeClient({ secretKey: 'sk_test_shape', apiBase }).identity.verificationSessions.create({ type: 'document' });
    // Connect: an Express account onboarded through its Account Link, a transfer from the charge, and its reversal.
    const account = await stripe.connect.createAccount({
      charityId: '00000000-0000-4000-8000-000000000002',
      name: 'Shape Charity',
      email: null,
      idempotencyKey: 'shape-account',
    });
    expect(account).toMatchObject({ detailsSubmitted: false, payoutsEnabled: false });
    expect(
      (await stripe.connect.accountLink({ accountRef: account.ref, refreshUrl: 'http://localhost/again', returnUrl: 'http://localhost/back' })).url,
    ).toMatch(/^https:/);
    standIn.completeOnboarding(account.ref);
    expect(await stripe.connect.retrieveAccount(account.ref)).toMatchObject({ detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [] });
    const wanted = { accountRef: account.ref, transferGroup: 'campaign:shape', idempotencyKey: 'shape-transfer' };
    const transfer = await stripe.connect.transfer({ ...wanted, amountCents: 3_000, chargeRef: charge.ref });
    expect(standIn.object(transfer.ref)).toMatchObject({ source_transaction: standIn.object(charge.ref)!.latest_charge, transfer_group: 'campaign:shape' });
    expect(await stripe.connect.findTransfer(wanted)).toEqual(transfer);
    const reversal = await stripe.connect.reverseTransfer({ transferRef: transfer.ref, amountCents: 1_000, idempotencyKey: 'shape-reversal' });
    expect(await stripe.connect.findReversal({ transferRef: transfer.ref, idempotencyKey: 'shape-reversal' })).toEqual(reversal);
    expect((await stripe.listMovements()).filter((movement) => movement.kind.startsWith('transfer'))).toMatchObject([
      { kind: 'transfer', ref: transfer.ref, amountCents: 3_000 },
      { kind: 'transfer_reversal', ref: reversal.ref, amountCents: 1_000 },
    ]);
    const event = JSON.parse(signedStripeEvent('whsec_shape_secret', 'payment_intent.succeeded', standIn.objectsOf('payment_intent')[0]!).body) as Json;

    const answered = [...standIn.answers.flatMap(objectsOf), event];
    const types = new Set(answered.map((object) => String(object.object)));
    for (const type of [
      'customer',
      'setup_intent',
      'payment_method',
      'payment_intent',
      'charge',
      'refund',
      'checkout.session',
      'identity.verification_session',
      'payment_method_domain',
      'account',
      'account_link',
      'transfer',
      'transfer_reversal',
      'event',
    ]) {
      expect(types, type).toContain(type);
    }
    const methodTypes = new Set(answered.filter((object) => object.object === 'payment_method').map((object) => object.type));
    expect([...methodTypes].sort()).toEqual(['card', 'cashapp', 'link']);
    for (const object of answered) {
      const fixture = STRIPE_FIXTURES[String(object.object)];
      expect(fixture, `a fixture for ${String(object.object)}`).toBeDefined();
      expect(shapeDifferences(object, fixture, String(object.object))).toEqual([]);
    }
  });
});
