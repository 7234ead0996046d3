// @module-tag concurrency
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { firstCharityId } from '../../test/factories.ts';
import { createStripeStandIn } from '../../test/stripe-stand-in.ts';
import { runMonthlyGifts } from './schedule.ts';
import { monthlyGiftCharges } from './tables.ts';
import { expectBooksBalanced } from '../../test/money.ts';

/** Monthly giving on Stripe (the stand-in answers with Stripe's published objects): off-session PaymentIntents, one per month. */
const standIn = createStripeStandIn();
let server: TestServer;
let clock: TestClock;

beforeAll(async () => {
  server = await startTestServer({ stripeSecretKey: 'sk_test_stand_in', stripePublishableKey: 'pk_test_stand_in', stripeApiBase: await standIn.start() });
  clock = createTestClock(new Date('2027-05-31T12:00:00Z'));
  server.app.ctx.clock = clock;
});
afterAll(async () => {
  await server?.close();
  await standIn.close();
});

async function stripeCard(client: Awaited<ReturnType<typeof signUp>>['client'], number: string) {
  const setup = await client.post('/api/payment-methods/setup-intent');
  standIn.confirmSetupIntent(setup.data.setup_intent_id, number);
  const card = await client.post('/api/payment-methods', { token: setup.data.setup_intent_id });
  expect(card.status, JSON.stringify(card.data)).toBe(201);
  return card.data.data.id as string;
}

describe('monthly giving on Stripe', () => {
  it('charges the first month and each renewal once as off-session PaymentIntents, and asks the supporter when the bank wants authentication', async () => {
    const person = await signUp(server.url);
    const started = await person.client.post(`/api/charities/${await firstCharityId(server)}/monthly-gifts`, {
      amount: 20,
      tip: 0,
      payment_method_id: await stripeCard(person.client, '4242424242424242'),
    });
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const giftId = started.data.data.gift._id as string;
    expect(started.data.data.gift.next_charge_at).toBe('2027-06-30T00:00:00.000Z');

    clock.set(new Date('2027-06-30T01:00:00Z'));
    await Promise.all([runMonthlyGifts(server.app.ctx, [giftId]), runMonthlyGifts(server.app.ctx, [giftId])]);
    const intents = standIn
      .objectsOf('payment_intent')
      .filter((intent) => String((intent.metadata as Record<string, string>)?.attempt_key ?? '').startsWith(`recurring:${giftId}:`));
    expect(intents.map((intent) => [intent.amount, intent.status])).toEqual([
      [2_000, 'succeeded'],
      [2_000, 'succeeded'],
    ]);

    await person.client.put(`/api/monthly-gifts/${giftId}/card`, { payment_method_id: await stripeCard(person.client, '4000002760003184') });
    clock.set(new Date('2027-07-31T01:00:00Z'));
    await runMonthlyGifts(server.app.ctx, [giftId]);
    clock.set(new Date('2027-08-04T01:00:00Z'));
    await runMonthlyGifts(server.app.ctx, [giftId]);
    const intentCalls = standIn.callsTo('POST', '/v1/payment_intents').length;
    const months = await server.app.ctx.db.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.giftId, giftId)).orderBy(monthlyGiftCharges.period);
    expect(months.map((month) => [month.period, month.status])).toEqual([
      ['2027-05', 'charged'],
      ['2027-06', 'charged'],
      ['2027-07', 'action_required'],
    ]);
    await expectBooksBalanced(server);

    // The supporter confirms on the site (decision 170): Stripe.js gets the PaymentIntent's client secret and its card.
    const url = `/api/monthly-gifts/${giftId}/charges/${months[2]!.id}`;
    const view = await person.client.get(`${url}/confirmation`);
    expect(view.status).toBe(200);
    const waiting = view.data.data.confirmation;
    expect(waiting).toMatchObject({ provider: 'stripe', status: 'action_required', amount: 20, due_at: '2027-07-31T00:00:00.000Z' });
    expect(waiting.stripe).toMatchObject({ client_secret: expect.stringMatching(/^pi_\w+_secret_/), payment_method: expect.stringMatching(/^pm_/) });
    const early = await person.client.post(`${url}/confirm`, {});
    expect(early.data.message).toMatch(/did not confirm the payment, so nothing was charged/);
    const intentId = String(waiting.stripe.client_secret).split('_secret_')[0]!;
    standIn.confirmPaymentOnSession(intentId, waiting.stripe.client_secret);
    const [confirmed, twice] = await Promise.all([person.client.post(`${url}/confirm`, {}), person.client.post(`${url}/confirm`, {})]);
    expect([confirmed.data.message, twice.data.message].filter((text: string) => text.startsWith('Thank you! Your card was charged $20.00'))).toHaveLength(1);
    const july = (await server.app.ctx.db.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.id, months[2]!.id)))[0]!;
    expect(july).toMatchObject({ status: 'charged', providerChargeRef: intentId, cardFeeCents: 338 });
    expect(standIn.callsTo('POST', '/v1/payment_intents').length).toBe(intentCalls);
    await expectBooksBalanced(server);
  });

  it('a card change after the bank asked closes the waiting PaymentIntent first, so a confirmation left open in a browser cannot pay the month twice', async () => {
    const person = await signUp(server.url);
    clock.set(new Date('2027-09-10T12:00:00Z'));
    const started = await person.client.post(`/api/charities/${await firstCharityId(server)}/monthly-gifts`, {
      amount: 12,
      tip: 0,
      payment_method_id: await stripeCard(person.client, '4242424242424242'),
    });
    const giftId = started.data.data.gift._id as string;
    await person.client.put(`/api/monthly-gifts/${giftId}/card`, { payment_method_id: await stripeCard(person.client, '4000002760003184') });
    clock.set(new Date('2027-10-10T01:00:00Z'));
    await runMonthlyGifts(server.app.ctx, [giftId]);
    const [, october] = await server.app.ctx.db
      .select()
      .from(monthlyGiftCharges)
      .where(eq(monthlyGiftCharges.giftId, giftId))
      .orderBy(monthlyGiftCharges.period);
    const view = await person.client.get(`/api/monthly-gifts/${giftId}/charges/${october!.id}/confirmation`);
    const secret = view.data.data.confirmation.stripe.client_secret as string;
    await person.client.put(`/api/monthly-gifts/${giftId}/card`, { payment_method_id: await stripeCard(person.client, '4242424242424242') });
    expect(standIn.object(october!.providerChargeRef!)?.status).toBe('canceled');
    expect(() => standIn.confirmPaymentOnSession(october!.providerChargeRef!, secret)).toThrow();
    const intents = standIn
      .objectsOf('payment_intent')
      .filter((intent) => String((intent.metadata as Record<string, string>)?.attempt_key ?? '').startsWith(`recurring:${giftId}:2027-10`));
    expect(intents.filter((intent) => intent.status === 'succeeded')).toHaveLength(1);
    await expectBooksBalanced(server);
  });
});
