import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createStripeStandIn } from '../../test/stripe-stand-in.ts';
import { DOMAIN_MESSAGES } from '../../modules/payment-methods/domain-routes.ts';
import { isStripe, type StripePaymentProvider } from './index.ts';
import { adminClient } from '../../test/factories.ts';

/** Wallets, Link and Cash App Pay with Stripe (decisions 150, 152), against the local stand-in of Stripe's API. */
const standIn = createStripeStandIn({ cardFeeCents: 151 });
let server: TestServer;
let stripe: StripePaymentProvider;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer({
    stripeSecretKey: 'sk_test_stand_in',
    stripePublishableKey: 'pk_test_stand_in',
    stripeWebhookSecret: 'whsec_stand_in_secret',
    stripeApiBase: await standIn.start(),
  });
  if (!isStripe(server.app.ctx.payments)) throw new Error('Stripe is not the provider');
  stripe = server.app.ctx.payments;
  admin = await adminClient(server);
}, 120_000);
afterAll(async () => {
  await server.close();
  await standIn.close();
});

type Wallet = Parameters<typeof standIn.confirmSetupIntentWithWallet>[1];

/** What the Payment Element does when the supporter picks a wallet: a SetupIntent, confirmed, then saved. */
async function saveWallet(client: TestClient, wallet: Wallet) {
  const setup = await client.post('/api/payment-methods/setup-intent');
  expect(setup.status, JSON.stringify(setup.data)).toBe(201);
  standIn.confirmSetupIntentWithWallet(setup.data.setup_intent_id, wallet);
  return client.post('/api/payment-methods', { token: setup.data.setup_intent_id });
}

let keys = 0;
const newKey = () => `wallet-charge-${(keys += 1)}`;

describe('wallets, Link and Cash App Pay through Stripe', () => {
  it('starts every SetupIntent for off-session use with cards (wallets included), Cash App Pay and Link allowed', async () => {
    const { client } = await signUp(server.url);
    await client.post('/api/payment-methods/setup-intent');
    const call = standIn.callsTo('POST', '/v1/setup_intents').at(-1)!;
    expect(call.form.get('usage')).toBe('off_session');
    expect([0, 1, 2, 3].map((nth) => call.form.get(`allowed_payment_method_types[${nth}]`))).toEqual(['card', 'cashapp', 'link', null]);
  });

  it('saves each kind and lists it by its kind and label', async () => {
    const { client } = await signUp(server.url);
    const saved = [];
    for (const wallet of [
      { type: 'apple_pay' },
      { type: 'google_pay' },
      { type: 'link_card' },
      { type: 'cashapp', cashtag: '$dana' },
      { type: 'link', email: 'dana@example.com' },
    ] as Wallet[]) {
      const answer = await saveWallet(client, wallet);
      expect(answer.status, JSON.stringify(answer.data)).toBe(201);
      saved.push(answer.data);
    }
    expect(saved.map((answer) => answer.message)).toEqual([
      'Apple Pay · Visa •••• 4242 saved to your payment methods',
      'Google Pay · Visa •••• 4242 saved to your payment methods',
      'Link · Visa •••• 4242 saved to your payment methods',
      'Cash App Pay · $dana saved to your payment methods',
      'Link · dana@example.com saved to your payment methods',
    ]);
    const list = (await client.get('/api/payment-methods')).data.data as { kind: string; label: string; card: unknown; detail: string | null }[];
    expect(list.map(({ kind, label, detail }) => ({ kind, label, detail }))).toEqual([
      { kind: 'apple_pay', label: 'Apple Pay · Visa •••• 4242', detail: null },
      { kind: 'google_pay', label: 'Google Pay · Visa •••• 4242', detail: null },
      { kind: 'link', label: 'Link · Visa •••• 4242', detail: null },
      { kind: 'cashapp', label: 'Cash App Pay · $dana', detail: '$dana' },
      { kind: 'link', label: 'Link · dana@example.com', detail: 'dana@example.com' },
    ]);
    expect(list[3]!.card).toBeNull();
    // The provider's own list has every kind (no type filter), read back the same way.
    const customer = standIn.callsTo('POST', '/v1/setup_intents').at(-1)!.form.get('customer')!;
    expect((await stripe.listCards(customer)).map((method) => method.kind)).toEqual(['apple_pay', 'google_pay', 'link', 'cashapp', 'link']);
  });

  it('refuses a cash app declined at setup with Stripe’s reason and keeps nothing', async () => {
    const { client } = await signUp(server.url);
    const answer = await saveWallet(client, { type: 'cashapp', behaviour: 'setup_declined' });
    expect(answer.status).toBe(422);
    expect(answer.data.message).toBe('The customer declined this payment in Cash App.');
    expect((await client.get('/api/payment-methods')).data.data).toEqual([]);
  });

  it('charges a saved Cash App Pay off-session with the fee Stripe reports; a decline and an approval needed name the cash app', async () => {
    const customer = await stripe.createCustomer({ email: 'cash@example.com', name: 'Cash Donor' });
    const method = async (wallet: Wallet) => {
      const setup = await stripe.createSetupIntent({ customerRef: customer.ref });
      standIn.confirmSetupIntentWithWallet(setup.ref, wallet);
      return (await stripe.attachCard({ customerRef: customer.ref, token: setup.ref })).ref;
    };
    const paid = await stripe.charge({ customerRef: customer.ref, methodRef: await method({ type: 'cashapp' }), amountCents: 4_001, idempotencyKey: newKey() });
    expect(paid).toEqual({ ok: true, ref: expect.stringMatching(/^pi_/), amountCents: 4_001, feeCents: 151 });
    const charge = standIn.callsTo('POST', '/v1/payment_intents').at(-1)!;
    expect(charge.form.get('off_session')).toBe('true');
    expect([0, 1, 2].map((nth) => charge.form.get(`allowed_payment_method_types[${nth}]`))).toEqual(['card', 'cashapp', 'link']);

    const declined = await stripe.charge({
      customerRef: customer.ref,
      methodRef: await method({ type: 'cashapp', behaviour: 'card_declined' }),
      amountCents: 3_000,
      idempotencyKey: newKey(),
    });
    expect(declined).toMatchObject({ ok: false, code: 'card_declined', message: 'Cash App declined the payment.' });
    const approval = await stripe.charge({
      customerRef: customer.ref,
      methodRef: await method({ type: 'cashapp', behaviour: 'requires_action' }),
      amountCents: 3_000,
      idempotencyKey: newKey(),
    });
    expect(approval).toMatchObject({
      ok: false,
      code: 'authentication_required',
      message: 'Cash App asks you to approve this payment, so nothing was charged. Please choose another payment method.',
    });
    // An Apple Pay card declines with the card's words.
    const walletCard = await stripe.charge({
      customerRef: customer.ref,
      methodRef: await method({ type: 'apple_pay', behaviour: 'insufficient_funds' }),
      amountCents: 3_000,
      idempotencyKey: newKey(),
    });
    expect(walletCard).toMatchObject({ ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it('lets an admin register PUBLIC_URL’s domain for Apple Pay and Google Pay and shows its state', async () => {
    const before = await admin.get('/api/admin/payment-method-domain');
    expect(before.status, JSON.stringify(before.data)).toBe(200);
    const domain = new URL(server.app.ctx.config.publicUrl).hostname;
    expect(before.data).toEqual({ success: true, provider: 'stripe', domain, applies: true, note: DOMAIN_MESSAGES.local, registration: null });

    const registered = await admin.post('/api/admin/payment-method-domain');
    expect(registered.status, JSON.stringify(registered.data)).toBe(200);
    expect(registered.data.registration).toEqual({
      id: expect.stringMatching(/^pmd_/),
      enabled: true,
      wallets: [
        { method: 'apple_pay', status: 'active', reason: null },
        { method: 'google_pay', status: 'active', reason: null },
        { method: 'link', status: 'active', reason: null },
      ],
    });
    expect(standIn.callsTo('POST', '/v1/payment_method_domains').at(-1)!.form.get('domain_name')).toBe(domain);
    // Again: Stripe checks the registered domain again instead of registering it twice.
    const again = await admin.post('/api/admin/payment-method-domain');
    expect(again.data.registration.id).toBe(registered.data.registration.id);
    expect(standIn.callsTo('POST', `/v1/payment_method_domains/${String(registered.data.registration.id)}/validate`)).toHaveLength(1);
    expect((await admin.get('/api/admin/payment-method-domain')).data.registration.id).toBe(registered.data.registration.id);
    const [audit] = await server.app.ctx.database.query<{ action: string; target_id: string }>(
      "select action, target_id from audit_log where action = 'payment_method_domain.register' order by created_at desc limit 1",
    );
    expect(audit).toEqual({ action: 'payment_method_domain.register', target_id: registered.data.registration.id });
  });
});
