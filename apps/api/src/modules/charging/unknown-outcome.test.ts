// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePledge } from '@pledgeway/domain';
import { pledges } from '../../db/schema.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../../test/harness.ts';
import { createStripeStandIn } from '../../test/stripe-stand-in.ts';
import { chargeAttemptKey, chargePledge } from './charge-pledge.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { createCampaign, firstCharityId, pledgeRow } from '../../test/factories.ts';

/**
 * Part 6 of issue 18 (decision 091): Stripe forgets an idempotency key after 24 hours. An attempt
 * whose answer was lost and stayed unknown longer than that is looked up at Stripe (by the attempt
 * key in the PaymentIntent's metadata) before anything is sent again: never a blind retry.
 */
const DAY = 24 * 3_600_000;
const standIn = createStripeStandIn();
let server: TestServer;
let clock: TestClock;
const limiter = createRateLimiter(1000);

beforeAll(async () => {
  server = await startTestServer({ stripeSecretKey: 'sk_test_stand_in', stripePublishableKey: 'pk_test_stand_in', stripeApiBase: await standIn.start() });
  clock = createTestClock();
  server.app.ctx.clock = clock;
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

/** A supporter's pending pledge on a Stripe card saved through a SetupIntent, on a completed campaign. */
async function pendingPledge(amountCents: number, number = '4242424242424242') {
  const supporter = await signUp(server.url);
  const setup = await supporter.client.post('/api/payment-methods/setup-intent');
  standIn.confirmSetupIntent(setup.data.setup_intent_id, number);
  const card = await supporter.client.post('/api/payment-methods', { token: setup.data.setup_intent_id });
  expect(card.status, JSON.stringify(card.data)).toBe(201);
  const creator = await signUp(server.url);
  const event = await createCampaign(server.app, creator.user._id, { status: 'completed', charityId: await firstCharityId(server) });
  const quote = quotePledge({ amountCents, tipPercent: 0, coverFees: false, isCreator: false });
  const [pledge] = await server.app.ctx.db
    .insert(pledges)
    .values({
      eventId: event.id,
      userId: supporter.user._id,
      paymentMethodId: card.data.data.id,
      amountCents: quote.amountCents,
      platformFeeCents: quote.platformFeeCents,
      idempotencyKey: `pledge:${crypto.randomUUID()}`,
    })
    .returning();
  return pledge!;
}

const intentsFor = (pledge: { idempotencyKey: string }) =>
  standIn
    .objectsOf('payment_intent')
    .filter((intent) => (intent.metadata as Record<string, string>).attempt_key === chargeAttemptKey({ ...pledge, retryCount: 0 }));
const postings = (pledgeId: string) =>
  server.app.ctx.database.query("select id from ledger_transactions where pledge_id = $1 and kind = 'pledge_charge'", [pledgeId]);

/** The provider charges, and every answer of the call and of the SDK's two retries is lost. */
async function chargeWithAnswerLost(pledgeId: string) {
  standIn.state.faults.push('lose-answer', 'lose-answer', 'lose-answer');
  await expect(chargePledge(server.app.ctx, limiter, pledgeId)).rejects.toMatchObject({ status: 502 });
}

describe(`an attempt whose outcome stayed unknown past Stripe's key lifetime (${testDriver})`, () => {
  it('is found at Stripe and booked, not charged again with a forgotten key', async () => {
    const pledge = await pendingPledge(3_100);
    await chargeWithAnswerLost(pledge.id);
    expect(intentsFor(pledge)).toHaveLength(1);
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'pending', chargedCents: null });

    clock.advance(DAY + 60_000);
    standIn.forgetIdempotencyKeys();
    const posted = standIn.callsTo('POST', '/v1/payment_intents').length;
    expect(await chargePledge(server.app.ctx, limiter, pledge.id)).toBe('charged');

    expect(standIn.callsTo('POST', '/v1/payment_intents')).toHaveLength(posted);
    expect(standIn.callsTo('GET', '/v1/payment_intents/search').at(-1)!.form.get('query')).toBe(`metadata['attempt_key']:'${chargeAttemptKey(pledge)}'`);
    expect(intentsFor(pledge)).toHaveLength(1);
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'charged', chargedCents: 3_100, providerChargeRef: intentsFor(pledge)[0]!.id });
    expect(await postings(pledge.id)).toHaveLength(1);
  });

  it('dates the key from the first claim, however often the attempt was taken over since', async () => {
    const pledge = await pendingPledge(2_700);
    await chargeWithAnswerLost(pledge.id);
    // Twelve hours later a takeover replays the key, but Stripe is down: still no answer.
    clock.advance(12 * 3_600_000);
    standIn.state.faults.push(...Array.from({ length: 3 }, () => ({ status: 500, body: { error: { type: 'api_error', message: 'Down' } } })));
    await expect(chargePledge(server.app.ctx, limiter, pledge.id)).rejects.toMatchObject({ status: 502 });
    // 25 hours after the first call, 13 after the last: the key is gone at Stripe.
    clock.advance(13 * 3_600_000);
    standIn.forgetIdempotencyKeys();
    expect(await chargePledge(server.app.ctx, limiter, pledge.id)).toBe('charged');
    expect(intentsFor(pledge)).toHaveLength(1);
    expect(await postings(pledge.id)).toHaveLength(1);
  });

  it('books a decline found at Stripe as the failure it was, charging nothing', async () => {
    const pledge = await pendingPledge(2_200, '4000000000009995');
    await chargeWithAnswerLost(pledge.id);
    clock.advance(2 * DAY);
    standIn.forgetIdempotencyKeys();
    const posted = standIn.callsTo('POST', '/v1/payment_intents').length;
    expect(await chargePledge(server.app.ctx, limiter, pledge.id)).toBe('failed');
    expect(standIn.callsTo('POST', '/v1/payment_intents')).toHaveLength(posted);
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'failed', failureReason: 'Your card has insufficient funds.', attemptStartedAt: null });
  });

  it('charges once when Stripe has no charge of the attempt (it never got there)', async () => {
    const pledge = await pendingPledge(1_800);
    standIn.state.faults.push(...Array.from({ length: 3 }, () => ({ status: 500, body: { error: { type: 'api_error', message: 'Down' } } })));
    await expect(chargePledge(server.app.ctx, limiter, pledge.id)).rejects.toMatchObject({ status: 502 });
    expect(intentsFor(pledge)).toHaveLength(0);
    clock.advance(DAY + 1);
    expect(await chargePledge(server.app.ctx, limiter, pledge.id)).toBe('charged');
    expect(intentsFor(pledge)).toHaveLength(1);
    expect(await postings(pledge.id)).toHaveLength(1);
  });
});
