import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeFacts } from '../../providers/payments/stripe-events.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createStripeStandIn } from '../../test/stripe-stand-in.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { createPaymentEventsService } from '../payment-events/service.ts';
import { expectBooksBalanced, fundedOnStripe } from '../../test/money.ts';

/**
 * With Stripe as the provider, the books check lists Stripe's disputes beside its charges and
 * refunds: a dispute Stripe made that the books lack is found, and so is a won dispute's
 * reinstatement the books have not booked, until the webhook's events book them.
 */
const standIn = createStripeStandIn();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ stripeSecretKey: 'sk_test_stand_in', stripePublishableKey: 'pk_test_stand_in', stripeApiBase: await standIn.start() });
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

describe('reconciling disputes with Stripe', () => {
  it('finds a dispute at Stripe the books lack, and a reinstatement they have not booked, until the events book them', async () => {
    const pledge = await fundedOnStripe(server, standIn, 120);
    await expectBooksBalanced(server);
    const check = async () => (await verifyLedger(server.app.ctx.database.query, server.app.ctx.payments)).problems;

    const dispute = standIn.dispute(pledge.providerChargeRef!);
    expect(await check()).toEqual([`the provider's dispute ${dispute.id} of $120.00 has no posting in the ledger`]);

    const events = createPaymentEventsService(server.app.ctx);
    const withdrawal = { amount: -12_000, fee: 1_500 };
    const deliver = (type: 'charge.dispute.created' | 'charge.dispute.closed', object: Record<string, unknown>) =>
      events.receive({ id: `evt_${type}_${dispute.id}`, type, occurredAt: new Date(), objectRef: String(dispute.id), facts: disputeFacts(type, object) });
    expect((await deliver('charge.dispute.created', { ...dispute, balance_transactions: [withdrawal] })).dispute).toBe('opened');
    await expectBooksBalanced(server);

    // The card network decides for the platform: Stripe gives the money back before its event arrives.
    Object.assign(dispute, { status: 'won' });
    expect(await check()).toEqual([`the provider's dispute reversal ${dispute.id} of $120.00 has no posting in the ledger`]);
    const reinstatement = { amount: 12_000, fee: -1_500 };
    expect((await deliver('charge.dispute.closed', { ...dispute, balance_transactions: [withdrawal, reinstatement] })).dispute).toBe('won');
    const report = await expectBooksBalanced(server);
    expect(report.reconciliation.compared).toContainEqual({ kind: 'dispute_reversal', provider: 1, postings: 1 });
  });
});
