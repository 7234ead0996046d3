import type { PledgeQuote } from '@pledgeway/domain';
import type { LedgerEntryInput } from './repository.ts';

/**
 * The entries of each movement of money (DESIGN.md section 3), built by pure functions so the
 * books are decided in one place. Sign: money leaving an account is negative; `donor_card` is
 * the outside world (a charge takes from it, a refund gives back to it). Every list sums to zero.
 */
interface Where {
  eventId: string;
  charityId: string | null;
}

/** A supporter's pledge charged: the charity's net, the platform's fee and tip, the provider's card fee. */
export function pledgeChargeEntries(settled: PledgeQuote, where: Where): LedgerEntryInput[] {
  return [
    { account: 'donor_card', amountCents: -settled.totalCents, eventId: where.eventId },
    { account: 'platform_fee_revenue', amountCents: settled.platformFeeCents, eventId: where.eventId },
    { account: 'tips_revenue', amountCents: settled.tipCents, eventId: where.eventId },
    { account: 'card_processing_fees', amountCents: settled.cardFeeCents, eventId: where.eventId },
    { account: 'charity_payable', amountCents: settled.netToCharityCents, eventId: where.eventId, charityId: where.charityId },
  ];
}

/** The creator's funding charged before review: held in the campaign's escrow, less the card fee. */
export function fundingChargeEntries(input: { chargedCents: number; cardFeeCents: number; eventId: string }): LedgerEntryInput[] {
  return [
    { account: 'donor_card', amountCents: -input.chargedCents, eventId: input.eventId },
    { account: 'card_processing_fees', amountCents: input.cardFeeCents, eventId: input.eventId },
    { account: 'event_escrow', amountCents: input.chargedCents - input.cardFeeCents, eventId: input.eventId },
  ];
}

/** The escrowed funding settled by the charge run: the 5% platform fee, the rest payable to the charity. */
export function fundingSettlementEntries(input: { escrowCents: number; platformFeeCents: number } & Where): LedgerEntryInput[] {
  return [
    { account: 'event_escrow', amountCents: -input.escrowCents, eventId: input.eventId },
    { account: 'platform_fee_revenue', amountCents: input.platformFeeCents, eventId: input.eventId },
    { account: 'charity_payable', amountCents: input.escrowCents - input.platformFeeCents, eventId: input.eventId, charityId: input.charityId },
  ];
}

/**
 * The escrowed funding refunded (delete, close, missed all-or-nothing target): the refund goes
 * back to the card; what is kept covers the provider's refund fee, the rest is the platform's
 * (the 5% of a close).
 */
export function fundingRefundEntries(input: { escrowCents: number; refundCents: number; refundFeeCents: number; eventId: string }): LedgerEntryInput[] {
  const kept = input.escrowCents - input.refundCents;
  const refundFee = Math.min(input.refundFeeCents, kept);
  return [
    { account: 'event_escrow', amountCents: -input.escrowCents, eventId: input.eventId },
    { account: 'donor_card', amountCents: input.refundCents, eventId: input.eventId },
    { account: 'card_processing_fees', amountCents: refundFee, eventId: input.eventId },
    { account: 'platform_fee_revenue', amountCents: kept - refundFee, eventId: input.eventId },
  ];
}

/** Money passed on to a charity: no longer payable, paid. */
export function payoutEntries(input: { amountCents: number; charityId: string }): LedgerEntryInput[] {
  return [
    { account: 'charity_payable', amountCents: -input.amountCents, charityId: input.charityId },
    { account: 'charity_paid', amountCents: input.amountCents, charityId: input.charityId },
  ];
}
