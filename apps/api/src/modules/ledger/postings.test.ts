import { describe, expect, it } from 'vitest';
import { settlePledge } from '@pledgeway/domain';
import { disputeOpenedEntries, disputeShares, disputeWonEntries, type DisputeBooking } from './postings.ts';

/** money.md's worked example: $100 + 20% tip = $120.00 charged, card fee $3.78, 3% fee $3.00, net $93.22. */
const settled = settlePledge({ amountCents: 10_000, tipCents: 2_000, platformFeeCents: 300, coverCents: 0, chargedCents: 12_000, cardFeeCents: 378 });
const where = { eventId: 'event', charityId: 'charity' };
const sum = (entries: { amountCents: number }[]) => entries.reduce((total, entry) => total + entry.amountCents, 0);
const byAccount = (entries: { account: string; amountCents: number }[]) => Object.fromEntries(entries.map((entry) => [entry.account, entry.amountCents]));

describe('dispute postings', () => {
  it('takes an unpaid pledge back from the charity, its tip and fees from the platform, the dispute fee as cost', () => {
    const booking: DisputeBooking = { ...where, settled, disputedCents: 12_000, feeCents: 1_500, charityUnpaidCents: 50_000 };
    const entries = disputeOpenedEntries(booking);
    expect(sum(entries)).toBe(0);
    expect(byAccount(entries)).toEqual({
      donor_card: 12_000,
      card_processing_fees: 1_500,
      charity_payable: -9_322,
      tips_revenue: -2_000,
      // its 3% fee $3.00 + the card fee $3.78 the provider keeps + the $15.00 dispute fee
      platform_fee_revenue: -2_178,
    });
  });

  it('lets the platform bear what was already paid out to the charity', () => {
    const paidOut = disputeShares({ ...where, settled, disputedCents: 12_000, feeCents: 1_500, charityUnpaidCents: 0 });
    expect(paidOut).toEqual({ charityShareCents: 0, tipShareCents: 2_000, platformShareCents: 11_500 });
    const partly = disputeShares({ ...where, settled, disputedCents: 12_000, feeCents: 1_500, charityUnpaidCents: 4_000 });
    expect(partly).toEqual({ charityShareCents: 4_000, tipShareCents: 2_000, platformShareCents: 7_500 });
    expect(sum(disputeOpenedEntries({ ...where, settled, disputedCents: 12_000, feeCents: 1_500, charityUnpaidCents: 4_000 }))).toBe(0);
  });

  it('shares a dispute for part of the charge in proportion, to the cent', () => {
    const half = disputeShares({ ...where, settled, disputedCents: 6_000, feeCents: 1_500, charityUnpaidCents: 50_000 });
    expect(half).toEqual({ charityShareCents: 4_661, tipShareCents: 1_000, platformShareCents: 1_839 });
    expect(half.charityShareCents + half.tipShareCents + half.platformShareCents).toBe(6_000 + 1_500);
  });

  it('reverses the opening exactly when the dispute is won', () => {
    const opened = disputeOpenedEntries({ ...where, settled, disputedCents: 12_000, feeCents: 1_500, charityUnpaidCents: 50_000 });
    const won = disputeWonEntries(opened);
    expect(sum(won)).toBe(0);
    expect(won.map((entry, index) => entry.amountCents + opened[index]!.amountCents)).toEqual([0, 0, 0, 0, 0]);
    expect(won.find((entry) => entry.account === 'charity_payable')).toMatchObject({ amountCents: 9_322, charityId: 'charity' });
  });
});
