import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { isStripe, type StripePaymentProvider } from '../providers/payments/index.ts';
import { sandboxCharges } from '../providers/payments/tables.ts';
import { signUp } from '../test/client.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { createStripeStandIn } from '../test/stripe-stand-in.ts';
import { adminClient, pledgeRow } from '../test/factories.ts';
import { expectBooksBalanced, liveCampaign, pledgeFrom } from '../test/money.ts';

/**
 * The payment provider timing out or answering 429/500: calls are retried with backoff under the
 * same idempotency key, so nothing is charged twice. Two layers retry: the Stripe SDK (twice, at
 * once, for 5xx and cut connections) and the charge job (pg-boss, with exponential backoff, for
 * whatever is left: a 429, or a provider that stays down).
 */
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const gaps = (times: number[]) => times.slice(1).map((time, index) => time - times[index]!);

describe('the Stripe provider against faults of Stripe', () => {
  const standIn = createStripeStandIn();
  let server: TestServer;
  let stripe: StripePaymentProvider;
  beforeAll(async () => {
    server = await startTestServer({ stripeSecretKey: 'sk_test_stand_in', stripePublishableKey: 'pk_test_stand_in', stripeApiBase: await standIn.start() });
    if (!isStripe(server.app.ctx.payments)) throw new Error('Stripe is not the provider');
    stripe = server.app.ctx.payments;
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
  });

  async function chargeableCard() {
    const customer = await stripe.createCustomer({ email: 'donor@example.com', name: 'Dana Donor' });
    const setup = await stripe.createSetupIntent({ customerRef: customer.ref });
    standIn.confirmSetupIntent(setup.ref, '4242424242424242');
    const card = await stripe.attachCard({ customerRef: customer.ref, token: setup.ref });
    return { customerRef: customer.ref, methodRef: card.ref };
  }
  const attempts = (key: string) => standIn.callsTo('POST', '/v1/payment_intents').filter((call) => call.idempotencyKey === key);
  const paymentsOf = (amount: number) => standIn.objectsOf('payment_intent').filter((intent) => intent.amount === amount);
  const serverError = { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };

  it('retries a 500 and an answer lost after the payment was made, backing off, and pays once', async () => {
    const card = await chargeableCard();
    standIn.state.faults.push(serverError, 'lose-answer');
    const result = await stripe.charge({ ...card, amountCents: 2_501, idempotencyKey: 'fault-500-lost' });
    expect(result).toMatchObject({ ok: true, amountCents: 2_501 });
    expect(attempts('fault-500-lost')).toHaveLength(3);
    for (const gap of gaps(attempts('fault-500-lost').map((call) => call.at))) expect(gap).toBeGreaterThanOrEqual(400);
    expect(paymentsOf(2_501)).toHaveLength(1);
  });

  it('answers 503 for a 429 and 502 once its own retries are spent, charging nothing; the same key later pays once', async () => {
    const card = await chargeableCard();
    standIn.state.faults.push({ status: 429, body: { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' } } });
    const busy = await stripe.charge({ ...card, amountCents: 2_502, idempotencyKey: 'fault-429' }).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(AppError);
    expect(busy).toMatchObject({ status: 503, code: 'PAYMENT_PROVIDER_BUSY' });

    standIn.state.faults.push(serverError, serverError, serverError);
    const down = await stripe.charge({ ...card, amountCents: 2_502, idempotencyKey: 'fault-429' }).catch((error: unknown) => error);
    expect(down).toMatchObject({ status: 502, code: 'PAYMENT_PROVIDER_ERROR', message: 'The payment provider could not be reached. Please try again later.' });
    expect(paymentsOf(2_502)).toHaveLength(0);

    expect(await stripe.charge({ ...card, amountCents: 2_502, idempotencyKey: 'fault-429' })).toMatchObject({ ok: true });
    expect(attempts('fault-429')).toHaveLength(5);
    expect(paymentsOf(2_502)).toHaveLength(1);
  });
});

describe('the charge job against a provider that times out and is busy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('is retried by the job queue with growing delays and charges the pledge once', { timeout: 60_000 }, async () => {
    const admin = await adminClient(server);
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    const { pledge } = await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 4_200 });
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);

    // The provider charges and the answer is lost (a timeout), then it is busy (429), then it answers.
    const payments = server.app.ctx.payments;
    const charge = payments.charge.bind(payments);
    const faults = ['lost-answer', 'busy'];
    const calls: number[] = [];
    payments.charge = async (input) => {
      calls.push(Date.now());
      const fault = faults.shift();
      if (fault === 'busy') throw new AppError('PAYMENT_PROVIDER_BUSY', 'The payment provider is busy. Please try again in a moment.', 503);
      const result = await charge(input);
      if (fault === 'lost-answer') throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider could not be reached. Please try again later.', 502);
      return result;
    };

    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    const until = Date.now() + 45_000;
    while ((await pledgeRow(server, pledge.id)).status !== 'charged' && Date.now() < until) {
      await server.app.ctx.jobs.drain();
      await sleep(250);
    }
    const row = await pledgeRow(server, pledge.id);
    expect(row.status).toBe('charged');
    expect(calls).toHaveLength(3);
    const [first, second] = gaps(calls);
    expect(first).toBeGreaterThanOrEqual(1_000);
    expect(second).toBeGreaterThan(first!);
    const made = await server.app.ctx.db
      .select()
      .from(sandboxCharges)
      .where(like(sandboxCharges.idempotencyKey, `${pledge.idempotencyKey}:%`));
    expect(made).toHaveLength(1);
    expect(row.providerChargeRef).toBe(made[0]!.id);
    await expectBooksBalanced(server);
  });
});
