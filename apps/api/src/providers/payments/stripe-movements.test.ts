import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeStandIn } from '../../test/stripe-stand-in.ts';
import { createStripeProvider, type StripePaymentProvider } from './stripe.ts';
import type { ChargeResult } from './types.ts';

/** Stripe's listing of charges and refunds for two-way reconciliation, through the SDK against the stand-in. */
const standIn = createStripeStandIn();
let stripe: StripePaymentProvider;

beforeAll(async () => {
  stripe = createStripeProvider({
    secretKey: 'sk_test_movements',
    publishableKey: 'pk_test_movements',
    apiBase: await standIn.start(),
    webhookSecret: undefined,
  });
});
afterAll(() => standIn.close());

async function card(number: string) {
  const customer = await stripe.createCustomer({ email: 'lister@example.com', name: 'Lister' });
  const setup = await stripe.createSetupIntent({ customerRef: customer.ref });
  standIn.confirmSetupIntent(setup.ref, number);
  const saved = await stripe.attachCard({ customerRef: customer.ref, token: setup.ref });
  return { customerRef: customer.ref, methodRef: saved.ref };
}

describe('listing Stripe movements', () => {
  it('lists every succeeded charge by its PaymentIntent and every refund, over more than one page, and no declined charge', async () => {
    const good = await card('4242424242424242');
    const charges: ChargeResult[] = [];
    for (let index = 0; index < 103; index += 1) {
      charges.push(await stripe.charge({ ...good, amountCents: 1_000 + index, idempotencyKey: `list-${index}` }));
    }
    const declined = await stripe.charge({ ...(await card('4000000000000341')), amountCents: 5_000, idempotencyKey: 'list-declined' });
    expect(declined.ok).toBe(false);
    const refund = await stripe.refund({ chargeRef: charges[0]!.ref, amountCents: 400, idempotencyKey: 'list-refund' });

    const movements = await stripe.listMovements();
    const listed = movements.filter((item) => item.kind === 'charge');
    expect(listed).toHaveLength(103);
    expect(new Set(listed.map((item) => item.ref))).toEqual(new Set(charges.map((charge) => charge.ref)));
    expect(listed.find((item) => item.ref === charges[7]!.ref)?.amountCents).toBe(1_007);
    expect(movements.filter((item) => item.kind === 'refund')).toEqual([
      expect.objectContaining({ kind: 'refund', ref: refund.ref, amountCents: 400, chargeRef: charges[0]!.ref }),
    ]);
    // Each page asked for 100, the next one after the last id seen.
    const pages = standIn.callsTo('GET', '/v1/charges');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[1]!.form.get('starting_after')).toBeTruthy();
  });

  it('lists a dispute as a withdrawal, a won one also as its reinstatement, and no inquiry', async () => {
    const good = await card('4242424242424242');
    const [lost, won, inquired] = [
      await stripe.charge({ ...good, amountCents: 2_500, idempotencyKey: 'dispute-lost' }),
      await stripe.charge({ ...good, amountCents: 3_000, idempotencyKey: 'dispute-won' }),
      await stripe.charge({ ...good, amountCents: 900, idempotencyKey: 'dispute-inquiry' }),
    ];
    const lostDispute = standIn.dispute(lost!.ref, { amount: 2_000, status: 'lost' });
    const wonDispute = standIn.dispute(won!.ref, { status: 'won' });
    standIn.dispute(inquired!.ref, { status: 'warning_needs_response' });

    const disputes = (await stripe.listMovements()).filter((item) => item.kind === 'dispute' || item.kind === 'dispute_reversal');
    expect(disputes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'dispute', ref: lostDispute.id, amountCents: 2_000, chargeRef: lost!.ref }),
        expect.objectContaining({ kind: 'dispute', ref: wonDispute.id, amountCents: 3_000, chargeRef: won!.ref }),
        expect.objectContaining({ kind: 'dispute_reversal', ref: wonDispute.id, amountCents: 3_000, chargeRef: won!.ref }),
      ]),
    );
    expect(disputes).toHaveLength(3);
  });

  it('passes a created window to Stripe, in seconds, both ends inclusive', async () => {
    const from = new Date(Date.now() + 3_600_000);
    expect(await stripe.listMovements({ from })).toEqual([]);
    const [call] = standIn.callsTo('GET', '/v1/charges').slice(-1);
    expect(call!.form.get('created[gte]')).toBe(String(Math.floor(from.getTime() / 1000)));
    expect((await stripe.listMovements({ to: new Date() })).length).toBeGreaterThan(100);
  });
});
