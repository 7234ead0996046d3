import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DONATION_RESULT_MESSAGES } from '@pledgeway/domain';
import { ledgerTransactions, outboxEmails } from '../../db/schema.ts';
import { rateLimitCounters } from '../../lib/rate-limit/tables.ts';
import { TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createStripeStandIn, signedStripeEvent } from '../../test/stripe-stand-in.ts';
import { expectBooksBalanced } from '../../test/money.ts';
import { firstCharityId } from '../../test/factories.ts';
import { reconcileWithProvider } from '../ledger/reconcile.ts';
import { charityDonations } from './tables.ts';

/**
 * A visitor's Stripe donation the page did not finish (decision 255): the donor authenticated and
 * closed the page before its second request, or paid with a method that left the page. Stripe's
 * `payment_intent.succeeded` or the donor's return books it, once, under the page's own key; the
 * page's request, whenever it comes, answers the same donation.
 */
const SECRET = 'whsec_visitor_unfinished';
const standIn = createStripeStandIn();
let server: TestServer;
let charityId: string;

beforeAll(async () => {
  server = await startTestServer({
    stripeSecretKey: 'sk_test_stand_in',
    stripePublishableKey: 'pk_test_stand_in',
    stripeWebhookSecret: SECRET,
    stripeApiBase: await standIn.start(),
  });
  charityId = await firstCharityId(server);
});
afterAll(async () => {
  await server?.close();
  await standIn.close();
});
beforeEach(async () => {
  await server.app.ctx.db.delete(rateLimitCounters);
});

const visitor = () => new TestClient(server.url);
const rowsOf = (email: string) => server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.email, email));
const mailTo = (email: string) => server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
const postingsOf = (idempotencyKey: string) => server.app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));

/** Stripe's `payment_intent.succeeded` for the PaymentIntent as the stand-in now holds it, signed and delivered. */
async function deliverSucceeded(intentId: string) {
  const call = signedStripeEvent(SECRET, 'payment_intent.succeeded', { ...standIn.object(intentId)! });
  const response = await fetch(`${server.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': call.signature },
    body: call.body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The donor comes back to /charities from Stripe; the page asks the API where the donation stands. */
const returnFrom = (intentId: string, clientSecret: string) =>
  visitor().request('POST', '/api/charities/donations/stripe-return', { json: { payment_intent: intentId, client_secret: clientSecret } });

/**
 * A visitor's donation whose bank asked for authentication: the page's first request (202). `authenticate`
 * is the donor passing the bank's check in the browser; `pageAgain` the page's second request.
 */
async function askedToAuthenticate(amount = 25) {
  const method = String(standIn.createPaymentMethod('4000002760003184').id);
  const email = `unfinished-${randomUUID().slice(0, 8)}@example.com`;
  const body = { fullName: 'Vera Visitor', email, amount, stripe_payment_method: method, share_email_with_charity: true };
  const requestKey = randomUUID();
  const pageAgain = () => visitor().request('POST', `/api/charities/${charityId}/donations`, { json: body, headers: { 'idempotency-key': requestKey } });
  const asked = await pageAgain();
  expect(asked.status, JSON.stringify(asked.data)).toBe(202);
  const intent = standIn.objectsOf('payment_intent').find((candidate) => candidate.payment_method === method)!;
  const intentId = String(intent.id);
  const clientSecret = String(intent.client_secret);
  return {
    email,
    intentId,
    clientSecret,
    key: `donation_${method}_${requestKey}`,
    pageAgain,
    authenticate: () => standIn.confirmPaymentOnSession(intentId, clientSecret),
  };
}

/** Exactly one charged donation of the payment, one `donation` posting under its key, one receipt. */
async function expectBookedOnce(donation: Awaited<ReturnType<typeof askedToAuthenticate>>, amountCents: number) {
  const rows = await rowsOf(donation.email);
  expect(rows.map((row) => [row.status, row.amountCents, row.cardFeeCents, row.providerChargeRef, row.idempotencyKey, row.userId])).toEqual([
    ['charged', amountCents, 338, donation.intentId, donation.key, null],
  ]);
  expect(rows[0]).toMatchObject({ fullName: 'Vera Visitor', shareEmailWithCharity: true, charityId });
  expect((await postingsOf(donation.key)).map((posting) => [posting.kind, posting.providerRef])).toEqual([['donation', donation.intentId]]);
  const mail = await mailTo(donation.email);
  expect(mail.map((message) => message.kind)).toEqual(['donation-receipt']);
  expect(mail[0]!.text).toContain(`Receipt reference: ${rows[0]!.id}`);
  await expectBooksBalanced(server);
  return rows[0]!;
}

describe("a visitor's Stripe donation the page did not finish", () => {
  it('keeps what the donation needs in the PaymentIntent metadata, and no more', async () => {
    const donation = await askedToAuthenticate(12);
    expect(standIn.object(donation.intentId)!.metadata).toEqual({
      attempt_key: donation.key,
      donation_charity_id: charityId,
      donor_name: 'Vera Visitor',
      donor_email: donation.email,
      donor_shares_email: 'true',
    });
  });

  it("books it from Stripe's webhook when the page never came back, and the page's late request answers the same donation", async () => {
    const donation = await askedToAuthenticate(25);
    donation.authenticate();
    await deliverSucceeded(donation.intentId);
    const row = await expectBookedOnce(donation, 2_500);

    const late = await donation.pageAgain();
    expect(late.status, JSON.stringify(late.data)).toBe(201);
    expect(late.data.message).toMatch(/^Thank you for your donation to .+!$/);
    expect(late.data.data.donation._id).toBe(row.id);
    // Stripe delivers the event again: recorded as a duplicate, booked nothing more.
    await deliverSucceeded(donation.intentId);
    await expectBookedOnce(donation, 2_500);
  });

  it('books it from the page when its second request comes first, and the webhook afterwards books nothing more', async () => {
    const donation = await askedToAuthenticate(30);
    donation.authenticate();
    const thanked = await donation.pageAgain();
    expect(thanked.status, JSON.stringify(thanked.data)).toBe(201);
    await deliverSucceeded(donation.intentId);
    const row = await expectBookedOnce(donation, 3_000);
    expect(row.id).toBe(thanked.data.data.donation._id);
  });

  it("leaves a webhook of any other PaymentIntent alone, and books nothing for one that is not a visitor's donation", async () => {
    const call = signedStripeEvent(SECRET, 'payment_intent.succeeded', {
      id: 'pi_not_a_donation',
      object: 'payment_intent',
      amount: 5_000,
      amount_received: 5_000,
      currency: 'usd',
      customer: 'cus_x',
      payment_method: 'pm_x',
      status: 'succeeded',
      metadata: { attempt_key: 'pledge-charge:x' },
    });
    const response = await fetch(`${server.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': call.signature },
      body: call.body,
    });
    expect(response.status).toBe(200);
    expect(standIn.callsTo('GET', '/v1/payment_intents/pi_not_a_donation')).toEqual([]);
    expect(await server.app.ctx.db.select().from(charityDonations).where(eq(charityDonations.providerChargeRef, 'pi_not_a_donation'))).toEqual([]);
  });

  it('tells the donor back from a redirect the truth: booked with the thank-you, processing, waiting, failed; never for a wrong secret', async () => {
    const paid = await askedToAuthenticate(40);
    paid.authenticate();
    const booked = await returnFrom(paid.intentId, paid.clientSecret);
    expect(booked.status, JSON.stringify(booked.data)).toBe(200);
    expect(booked.data.data.state).toBe('booked');
    expect(booked.data.message).toMatch(/^Thank you for your donation to .+!$/);
    const row = await expectBookedOnce(paid, 4_000);
    expect(booked.data.data.donation._id).toBe(row.id);
    // Read again (a reload), and Stripe's webhook arriving after: the same donation, nothing more.
    expect((await returnFrom(paid.intentId, paid.clientSecret)).data.data.donation._id).toBe(row.id);
    await deliverSucceeded(paid.intentId);
    await expectBookedOnce(paid, 4_000);

    const processing = await askedToAuthenticate(41);
    Object.assign(standIn.object(processing.intentId)!, { status: 'processing', next_action: null });
    const said = await returnFrom(processing.intentId, processing.clientSecret);
    expect([said.status, said.data.data.state, said.data.message, said.data.data.donation]).toEqual([
      200,
      'processing',
      DONATION_RESULT_MESSAGES.returnProcessing,
      null,
    ]);

    const waiting = await askedToAuthenticate(42);
    const notYet = await returnFrom(waiting.intentId, waiting.clientSecret);
    expect([notYet.data.data.state, notYet.data.message]).toEqual(['waiting', DONATION_RESULT_MESSAGES.returnWaiting]);

    const failed = await askedToAuthenticate(43);
    Object.assign(standIn.object(failed.intentId)!, { status: 'requires_payment_method', next_action: null });
    const refused = await returnFrom(failed.intentId, failed.clientSecret);
    expect([refused.data.data.state, refused.data.message]).toEqual(['failed', DONATION_RESULT_MESSAGES.returnFailed]);

    const guessed = await returnFrom(paid.intentId, `${paid.intentId}_secret_guessed`);
    expect([guessed.status, guessed.data.message]).toEqual([404, DONATION_RESULT_MESSAGES.returnNotFound]);
    expect((await returnFrom('pi_unknown', 'pi_unknown_secret_x')).status).toBe(404);
    for (const donation of [processing, waiting, failed]) {
      expect(await rowsOf(donation.email)).toEqual([]);
      expect(await postingsOf(donation.key)).toEqual([]);
      expect(await mailTo(donation.email)).toEqual([]);
    }
  });

  it('is reported by the two-way reconciliation while no webhook booked it, and no longer once one did', async () => {
    const donation = await askedToAuthenticate(27);
    donation.authenticate();
    const unbooked = async () => {
      const { reconciliation } = await reconcileWithProvider((text, params) => server.app.ctx.database.query(text, params), server.app.ctx.payments);
      return reconciliation.provider_without_posting.filter((orphan) => orphan.ref === donation.intentId);
    };
    expect(await unbooked()).toEqual([{ kind: 'charge', ref: donation.intentId, amount: 27 }]);
    await deliverSucceeded(donation.intentId);
    expect(await unbooked()).toEqual([]);
  });
});
