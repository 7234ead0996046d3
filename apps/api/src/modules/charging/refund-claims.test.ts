// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { startTestServer, testDriver, type TestServer } from '../../test/harness.ts';
import { createStripeStandIn } from '../../test/stripe-stand-in.ts';
import { ATTEMPT_LEASE_MS, claimRefund } from './attempts.ts';
import { ledgerKeys } from '../ledger/keys.ts';
import { fundingRefund, refundFunding } from './refunds.ts';
import { expectBooksBalanced, fundedOnStripe as fundedOnStripeCard } from '../../test/money.ts';
import { pledgeRow } from '../../test/factories.ts';

/**
 * Issue 18 for refunds (decision 091): the creator's funding refund is claimed under the pledge's
 * row lock before the provider is called, so concurrent refund jobs make one provider call, and a
 * refund whose answer was lost is looked up at Stripe (by the key in the refund's metadata) before
 * it is sent again past Stripe's 24-hour key lifetime.
 */
const DAY = 24 * 3_600_000;
const standIn = createStripeStandIn();
let server: TestServer;
let clock: TestClock;

beforeAll(async () => {
  server = await startTestServer({ stripeSecretKey: 'sk_test_stand_in', stripePublishableKey: 'pk_test_stand_in', stripeApiBase: await standIn.start() });
  clock = createTestClock();
  server.app.ctx.clock = clock;
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

/** A pending campaign funded on a Stripe card; returns its funding pledge, charged and not claimed. */
async function fundedOnStripe(dollars: number) {
  const pledge = await fundedOnStripeCard(server, standIn, dollars);
  expect(pledge).toMatchObject({ status: 'charged', attemptStartedAt: null });
  return pledge;
}

const refundsOf = (pledge: { providerChargeRef: string | null }) =>
  standIn.objectsOf('refund').filter((refund) => refund.payment_intent === pledge.providerChargeRef);
const refundPostings = (pledgeId: string) =>
  server.app.ctx.database.query<{ provider_ref: string | null }>(
    "select provider_ref from ledger_transactions where pledge_id = $1 and kind = 'funding_refund'",
    [pledgeId],
  );

describe(`the creator's funding refund (${testDriver})`, () => {
  it('is sent to the provider once when 20 refund jobs run at once', async () => {
    const pledge = await fundedOnStripe(120);
    const posted = standIn.callsTo('POST', '/v1/refunds').length;
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => refundFunding(server.app.ctx, pledge.id, 'delete')));

    expect(standIn.callsTo('POST', '/v1/refunds')).toHaveLength(posted + 1);
    expect(outcomes.filter((outcome) => outcome === 'refunded')).toHaveLength(1);
    expect(outcomes.every((outcome) => outcome === 'refunded' || outcome === 'in_flight' || outcome === 'skipped')).toBe(true);
    const { refundCents } = fundingRefund(pledge, 'delete', server.app.ctx.config.refundFeeCents);
    expect(refundsOf(pledge).map((refund) => refund.amount)).toEqual([refundCents]);
    expect(await refundPostings(pledge.id)).toEqual([{ provider_ref: refundsOf(pledge)[0]!.id }]);
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'refunded', attemptStartedAt: null, attemptFirstClaimedAt: null });
    await expectBooksBalanced(server);
  });

  it('made but unrecorded is found at Stripe after the key lifetime and booked, not refunded again', async () => {
    const pledge = await fundedOnStripe(180);
    // Stripe refunds, and every answer of the call and of the SDK's two retries is lost.
    standIn.state.faults.push('lose-answer', 'lose-answer', 'lose-answer');
    await expect(refundFunding(server.app.ctx, pledge.id, 'close')).rejects.toMatchObject({ status: 502 });
    expect(refundsOf(pledge)).toHaveLength(1);
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'charged' });
    expect(await refundPostings(pledge.id)).toHaveLength(0);

    clock.advance(DAY + 60_000);
    standIn.forgetIdempotencyKeys();
    const posted = standIn.callsTo('POST', '/v1/refunds').length;
    expect(await refundFunding(server.app.ctx, pledge.id, 'close')).toBe('refunded');

    expect(standIn.callsTo('POST', '/v1/refunds')).toHaveLength(posted);
    expect(standIn.callsTo('GET', '/v1/refunds').at(-1)!.form.get('payment_intent')).toBe(pledge.providerChargeRef);
    expect(refundsOf(pledge)).toHaveLength(1);
    expect(refundsOf(pledge)[0]!.metadata).toEqual({ attempt_key: ledgerKeys.fundingRefund(pledge.id) });
    expect(await refundPostings(pledge.id)).toEqual([{ provider_ref: refundsOf(pledge)[0]!.id }]);
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'refunded', attemptStartedAt: null });
  });

  it('waits for a live claim, and takes a lapsed one over with the same key within the key lifetime', async () => {
    const pledge = await fundedOnStripe(140);
    standIn.state.faults.push('lose-answer', 'lose-answer', 'lose-answer');
    await expect(refundFunding(server.app.ctx, pledge.id, 'delete')).rejects.toMatchObject({ status: 502 });
    // Another job's claim, still within its lease: this job leaves the provider alone.
    await claimRefund(server.app.ctx.db, pledge.id, clock.now());
    const posted = standIn.callsTo('POST', '/v1/refunds').length;
    expect(await refundFunding(server.app.ctx, pledge.id, 'delete')).toBe('in_flight');
    expect(standIn.callsTo('POST', '/v1/refunds')).toHaveLength(posted);

    clock.advance(ATTEMPT_LEASE_MS);
    expect(await refundFunding(server.app.ctx, pledge.id, 'delete')).toBe('refunded');
    expect(standIn.callsTo('POST', '/v1/refunds').at(-1)!.idempotencyKey).toBe(ledgerKeys.fundingRefund(pledge.id));
    expect(refundsOf(pledge)).toHaveLength(1);
    expect(await refundPostings(pledge.id)).toEqual([{ provider_ref: refundsOf(pledge)[0]!.id }]);
  });

  it('found at Stripe with another amount than owed is not booked, and nothing more is refunded', async () => {
    const pledge = await fundedOnStripe(160);
    standIn.state.faults.push('lose-answer', 'lose-answer', 'lose-answer');
    await expect(refundFunding(server.app.ctx, pledge.id, 'delete')).rejects.toMatchObject({ status: 502 });
    clock.advance(DAY + 60_000);
    standIn.forgetIdempotencyKeys();
    const posted = standIn.callsTo('POST', '/v1/refunds').length;
    // A close owes less than the delete that was refunded: the books must not claim the smaller amount.
    await expect(refundFunding(server.app.ctx, pledge.id, 'close')).rejects.toMatchObject({ code: 'REFUND_AMOUNT_MISMATCH' });
    expect(standIn.callsTo('POST', '/v1/refunds')).toHaveLength(posted);
    expect(await refundPostings(pledge.id)).toHaveLength(0);
    expect(await pledgeRow(server, pledge.id)).toMatchObject({ status: 'charged' });
  });

  it('is sent once when Stripe has no refund of the key (the first call never got there)', async () => {
    const pledge = await fundedOnStripe(150);
    standIn.state.faults.push(...Array.from({ length: 3 }, () => ({ status: 500, body: { error: { type: 'api_error', message: 'Down' } } })));
    await expect(refundFunding(server.app.ctx, pledge.id, 'delete')).rejects.toMatchObject({ status: 502 });
    expect(refundsOf(pledge)).toHaveLength(0);
    clock.advance(DAY + 1);
    expect(await refundFunding(server.app.ctx, pledge.id, 'delete')).toBe('refunded');
    expect(refundsOf(pledge)).toHaveLength(1);
    expect(await refundPostings(pledge.id)).toHaveLength(1);
  });
});
