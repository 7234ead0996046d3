import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.ts';
import { createTestClock } from '../../lib/clock.ts';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { deliverSandboxEvents } from '../payment-events/service.ts';
import { runMonthlyGifts } from './schedule.ts';
import { accountBalance, CARDS, expectBooksBalanced, saveCard } from '../../test/money.ts';
import { adminClient, firstCharityId } from '../../test/factories.ts';

/**
 * A dispute of a monthly gift's month is booked as a donation's is (decision 093): the card gets the
 * disputed amount back, the charity gives back its credit while unpaid, the tip's part leaves the
 * tips, the platform bears the rest and the fee; a won one reverses it exactly; the books check is
 * clean both ways after each step. Refunds of a month do not exist (no refund of a charge to a
 * charity exists in the product), so none is tested.
 */
let server: TestServer;
let admin: TestClient;
let charityId: string;
beforeAll(async () => {
  server = await startTestServer();
  server.app.ctx.clock = createTestClock(new Date('2027-03-10T10:00:00Z'));
  admin = await adminClient(server);
  charityId = await firstCharityId(server);
});
afterAll(async () => server.close());

describe('a dispute of a monthly gift’s month', () => {
  it('is booked once from the month’s charge, shown to the admins with the gift, and a won one reverses it; the books reconcile after each', async () => {
    const person = await signUp(server.url);
    const cardId = await saveCard(person.client, CARDS.dispute);
    const payableBefore = await accountBalance(server, 'charity_payable', { charityId });
    // $25.00 + $2.00 tip = $27.00 on the card; fee 2.9% + 30¢ = $1.08, the tip's share of it 8¢ (2/27 of 108, half up).
    const started = await person.client.post(`/api/charities/${charityId}/monthly-gifts`, { amount: 25, tip: 2, payment_method_id: cardId });
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const giftId = started.data.data.gift._id as string;
    const [month] = await server.app.ctx.database.query<{ id: string; ref: string; fee: number }>(
      'select id, provider_charge_ref as ref, card_fee_cents as fee from monthly_gift_charges where gift_id = $1',
      [giftId],
    );
    const fee = Number(month!.fee);
    const tipFee = Math.round((fee * 200) / 2_700);
    expect(await accountBalance(server, 'charity_payable', { charityId })).toBe(payableBefore + 2_500 - (fee - tipFee));

    // The sandbox's card network disputes the 0259 card's charge; its event arrives as Stripe's webhook would, twice.
    await deliverSandboxEvents(server.app.ctx);
    await deliverSandboxEvents(server.app.ctx);
    const [opened] = await server.app.ctx.database.query<{
      id: string;
      amount_cents: number;
      fee_cents: number;
      opened_transaction_id: string;
      status: string;
    }>('select * from disputes where monthly_charge_id = $1', [month!.id]);
    expect(opened).toMatchObject({ status: 'open' });
    expect(Number(opened!.amount_cents)).toBe(2_700);
    const entries = await server.app.ctx.db
      .select({ account: ledgerEntries.account, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, opened!.opened_transaction_id));
    const booked = Object.fromEntries(entries.map((row) => [row.account, Number(row.cents)]));
    const charityShare = 2_500 - (fee - tipFee);
    expect(booked).toEqual({
      donor_card: 2_700,
      card_processing_fees: Number(opened!.fee_cents),
      charity_payable: -charityShare,
      tips_revenue: -200,
      platform_fee_revenue: -(2_700 - charityShare - 200 + Number(opened!.fee_cents)),
    });
    expect(await accountBalance(server, 'charity_payable', { charityId })).toBe(payableBefore);

    const listed = (await admin.get('/api/admin/disputes')).data.data.items.find((item: { _id: string }) => item._id === opened!.id);
    expect(listed).toMatchObject({
      pledge: null,
      donation: null,
      campaign: null,
      monthly_gift: { _id: giftId, period: '2027-03', amount: 27 },
      donor: { email: person.email },
    });
    const report = await expectBooksBalanced(server);
    expect(report.reconciliation.compared).toContainEqual(expect.objectContaining({ kind: 'dispute', provider: 1, postings: 1 }));

    // A month disputed stays charged once: the schedule charges the next month only.
    server.app.ctx.clock = createTestClock(new Date('2027-04-10T01:00:00Z'));
    expect((await runMonthlyGifts(server.app.ctx, [giftId])).charged).toBe(1);

    expect((await admin.post(`/api/admin/disputes/${opened!.id}/sandbox-outcome`, { outcome: 'won' })).status).toBe(200);
    await deliverSandboxEvents(server.app.ctx);
    const [won] = await server.app.ctx.database.query<{ status: string }>('select status from disputes where id = $1', [opened!.id]);
    expect(won!.status).toBe('won');
    await deliverSandboxEvents(server.app.ctx);
    expect((await expectBooksBalanced(server)).reconciliation.compared).toContainEqual(
      expect.objectContaining({ kind: 'dispute_reversal', provider: 1, postings: 1 }),
    );
  });
});
