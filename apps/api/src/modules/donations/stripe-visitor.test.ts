import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DONATION_RESULT_MESSAGES } from '@pledgeway/domain';
import { ledgerEntries, ledgerTransactions, outboxEmails } from '../../db/schema.ts';
import { rateLimitCounters } from '../../lib/rate-limit/tables.ts';
import { TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createStripeStandIn } from '../../test/stripe-stand-in.ts';
import { expectBooksBalanced } from '../../test/money.ts';
import { firstCharityId } from '../../test/factories.ts';
import { charityDonations } from './tables.ts';

/**
 * A visitor's donation on Stripe (decision 245): the Payment Element in deferred mode makes a
 * PaymentMethod in the browser (the stand-in's createPaymentMethod), and the API charges it once,
 * with no customer, under the Idempotency-Key; a payment the bank wants authenticated is booked only
 * once Stripe.js confirmed it.
 */
const standIn = createStripeStandIn();
let server: TestServer;
let charityId: string;

beforeAll(async () => {
  server = await startTestServer({ stripeSecretKey: 'sk_test_stand_in', stripePublishableKey: 'pk_test_stand_in', stripeApiBase: await standIn.start() });
  charityId = await firstCharityId(server);
});
afterAll(async () => {
  await server?.close();
  await standIn.close();
});
// The donation form allows 10 a minute from one address; these tests send more from one.
beforeEach(async () => {
  await server.app.ctx.db.delete(rateLimitCounters);
});

const visitor = () => new TestClient(server.url);
const donate = (body: Record<string, unknown>, key?: string) =>
  visitor().request('POST', `/api/charities/${charityId}/donations`, { json: body, headers: key ? { 'idempotency-key': key } : {} });
const intentsOf = (methodId: string) => standIn.objectsOf('payment_intent').filter((intent) => intent.payment_method === methodId);
const rowsOf = (email: string) => server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email));
const mailTo = (email: string) => server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
const postingsOf = (idempotencyKey: string) => server.app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
const newEmail = (what: string) => `${what}-${randomUUID().slice(0, 8)}@example.com`;

describe("a visitor's donation with Stripe's Payment Element", () => {
  it('charges the PaymentMethod once with no customer, a retry with the same key answers the same donation, and books it like a card', async () => {
    const method = standIn.createPaymentMethod('4242424242424242');
    const email = newEmail('visitor');
    const body = { fullName: 'Vera Visitor', email, amount: 40, stripe_payment_method: method.id };
    const key = randomUUID();
    const [first, retry] = [await donate(body, key), await donate(body, key)];
    expect(first.status, JSON.stringify(first.data)).toBe(201);
    expect(first.data.message).toMatch(/^Thank you for your donation to .+!$/);
    expect(retry.status).toBe(201);
    expect(retry.data.data.donation._id).toBe(first.data.data.donation._id);

    const intents = intentsOf(String(method.id));
    expect(intents.map((intent) => [intent.amount, intent.status, intent.customer])).toEqual([[4_000, 'succeeded', null]]);
    const sent = standIn.callsTo('POST', '/v1/payment_intents').filter((call) => call.form.get('payment_method') === method.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toBe(`donation_${String(method.id)}_${key}`);
    expect(
      Object.fromEntries(['confirm', 'customer', 'off_session', 'automatic_payment_methods[enabled]'].map((field) => [field, sent[0]!.form.get(field)])),
    ).toEqual({
      confirm: 'true',
      customer: null,
      off_session: null,
      'automatic_payment_methods[enabled]': 'true',
    });

    const rows = await rowsOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 4_000, cardFeeCents: 338, status: 'charged', userId: null, providerChargeRef: intents[0]!.id });
    const [transaction] = await postingsOf(rows[0]!.idempotencyKey);
    expect(transaction!.kind).toBe('donation');
    const entries = await server.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transaction!.id));
    expect(Object.fromEntries(entries.map((entry) => [entry.account, entry.amountCents]))).toEqual({
      donor_card: -4_000,
      card_processing_fees: 338,
      charity_payable: 3_662,
    });
    const mail = await mailTo(email);
    expect(mail.map((message) => message.kind)).toEqual(['donation-receipt']);
    expect(mail[0]!.text).toContain('Your card was charged $40.00.');
    await expectBooksBalanced(server);
  });

  it('answers a declined card with the decline message: a failed donation, no money moved, no ledger entry and no receipt', async () => {
    const method = standIn.createPaymentMethod('4000000000009995');
    const email = newEmail('declined');
    const response = await donate({ fullName: 'Vera Visitor', email, amount: 20, stripe_payment_method: method.id }, randomUUID());
    expect(response.status).toBe(422);
    expect(response.data.message).toBe('Your card has insufficient funds.');
    const rows = await rowsOf(email);
    expect(rows.map((row) => [row.status, row.cardFeeCents])).toEqual([['failed', null]]);
    expect(await postingsOf(rows[0]!.idempotencyKey)).toEqual([]);
    expect(await mailTo(email)).toEqual([]);
    expect(intentsOf(String(method.id)).map((intent) => [intent.status, intent.amount_received])).toEqual([['requires_payment_method', 0]]);
  });

  it('books a payment the bank asks to authenticate only once the donor confirmed it in the browser, and then once', async () => {
    const method = standIn.createPaymentMethod('4000002760003184');
    const email = newEmail('three-ds');
    const body = { fullName: 'Vera Visitor', email, amount: 25, stripe_payment_method: method.id };
    const key = randomUUID();

    const asked = await donate(body, key);
    expect(asked.status, JSON.stringify(asked.data)).toBe(202);
    expect(asked.data.message).toBe(DONATION_RESULT_MESSAGES.actionRequired);
    expect(asked.data.message).not.toMatch(/thank/i);
    const [intent] = intentsOf(String(method.id));
    expect(asked.data.data.action).toEqual({ type: 'stripe_next_action', client_secret: intent!.client_secret });
    expect(intent!.status).toBe('requires_action');
    // Sent again before the donor authenticated: still waiting, and nothing recorded, booked or mailed.
    expect((await donate(body, key)).status).toBe(202);
    expect(await rowsOf(email)).toEqual([]);
    expect(await postingsOf(`donation_${String(method.id)}_${key}`)).toEqual([]);
    expect(await mailTo(email)).toEqual([]);

    // Stripe.js handleNextAction: the donor passes the bank's check, then the page sends the same request again.
    standIn.confirmPaymentOnSession(String(intent!.id), String(intent!.client_secret));
    const [thanked, again] = [await donate(body, key), await donate(body, key)];
    expect(thanked.status, JSON.stringify(thanked.data)).toBe(201);
    expect(thanked.data.message).toMatch(/^Thank you for your donation to /);
    expect(again.data.data.donation._id).toBe(thanked.data.data.donation._id);
    expect(intentsOf(String(method.id))).toHaveLength(1);
    const rows = await rowsOf(email);
    expect(rows.map((row) => [row.status, row.amountCents, row.providerChargeRef])).toEqual([['charged', 2_500, intent!.id]]);
    expect(await postingsOf(rows[0]!.idempotencyKey)).toHaveLength(1);
    expect((await mailTo(email)).map((message) => message.kind)).toEqual(['donation-receipt']);
    await expectBooksBalanced(server);
  });

  it('refuses a missing Idempotency-Key, a PaymentMethod used already, an unknown one and two ways to pay, and charges nothing', async () => {
    const method = standIn.createPaymentMethod('4242424242424242');
    const email = newEmail('refused');
    const body = { fullName: 'Vera Visitor', email, amount: 10, stripe_payment_method: method.id };
    const noKey = await donate(body);
    expect(noKey.status).toBe(400);
    expect(noKey.data.fields['Idempotency-Key']).toBe(DONATION_RESULT_MESSAGES.stripeAttemptKeyRequired);
    expect(intentsOf(String(method.id))).toEqual([]);

    expect((await donate(body, randomUUID())).status).toBe(201);
    // Another key for the same browser-made PaymentMethod: Stripe refuses to use it twice, nothing more is charged.
    const reused = await donate(body, randomUUID());
    expect(reused.status).toBe(400);
    expect(reused.data.fields.stripe_payment_method).toBe(DONATION_RESULT_MESSAGES.stripeMethodInvalid);
    const unknown = await donate({ ...body, stripe_payment_method: 'pm_missing' }, randomUUID());
    expect(unknown.status).toBe(400);
    expect(unknown.data.fields.stripe_payment_method).toBe(DONATION_RESULT_MESSAGES.stripeMethodInvalid);
    const both = await donate({ ...body, token: 'seti_x' }, randomUUID());
    expect(both.status).toBe(400);
    expect(both.data.fields.payment_method_id).toBe(DONATION_RESULT_MESSAGES.oneMethod);

    expect((await rowsOf(email)).map((row) => row.status)).toEqual(['charged']);
    expect(intentsOf(String(method.id)).map((intent) => intent.status)).toEqual(['succeeded']);
  });
});
