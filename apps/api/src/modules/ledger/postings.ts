import { shareOfCents, type PledgeQuote } from '@pledgeway/domain';
import type { LedgerEntryInput } from './repository.ts';

/**
 * The entries of each movement of money (docs/money.md#rules), built by pure functions so the
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

/**
 * A charity's share sent to its connected account by a transfer (decision 130): no longer payable,
 * paid, against the campaign whose charge it carried (null for a donation).
 */
export function transferEntries(input: { amountCents: number; charityId: string; eventId: string | null }): LedgerEntryInput[] {
  return [
    { account: 'charity_payable', amountCents: -input.amountCents, eventId: input.eventId, charityId: input.charityId },
    { account: 'charity_paid', amountCents: input.amountCents, eventId: input.eventId, charityId: input.charityId },
  ];
}

/** A transfer reversed in part or whole: the money is back from the charity's account and payable again. */
export function transferReversalEntries(input: { amountCents: number; charityId: string; eventId: string | null }): LedgerEntryInput[] {
  return transferEntries(input).map((entry) => ({ ...entry, amountCents: -entry.amountCents }));
}

/** What a dispute is booked from: the pledge's charge as settled, and the provider's dispute. */
export interface DisputeBooking {
  /** The disputed pledge's campaign; null for a donation's charge. */
  eventId: string | null;
  charityId: string | null;
  settled: PledgeQuote;
  /** What the bank took back (at most the charge) and the provider's fee for the dispute. */
  disputedCents: number;
  feeCents: number;
  /** The charity's payable not yet paid out (its balance under the charity's row lock). */
  charityUnpaidCents: number;
}

/**
 * Who bears a dispute (decision 093). The bank takes back the disputed amount; in proportion to it,
 * the charity gives back its net and the platform its tip; the rest (its fee and the card fee, which
 * the provider keeps) and the dispute fee are the platform's. The charity's part comes out of its
 * payable only while that money is unpaid: what was already paid out is borne by the platform.
 */
export function disputeShares(booking: DisputeBooking) {
  const { settled, disputedCents } = booking;
  const charityPart = shareOfCents(settled.netToCharityCents, disputedCents, settled.totalCents);
  const tipPart = shareOfCents(settled.tipCents, disputedCents, settled.totalCents);
  const charityShareCents = Math.max(0, Math.min(charityPart, booking.charityUnpaidCents));
  return { charityShareCents, tipShareCents: tipPart, platformShareCents: disputedCents - charityShareCents - tipPart + booking.feeCents };
}

/** A dispute opened: the disputed amount back to the donor's card, the dispute fee to the provider. */
export function disputeOpenedEntries(booking: DisputeBooking): LedgerEntryInput[] {
  const shares = disputeShares(booking);
  return [
    { account: 'donor_card', amountCents: booking.disputedCents, eventId: booking.eventId },
    { account: 'card_processing_fees', amountCents: booking.feeCents, eventId: booking.eventId },
    { account: 'charity_payable', amountCents: -shares.charityShareCents, eventId: booking.eventId, charityId: booking.charityId },
    { account: 'tips_revenue', amountCents: -shares.tipShareCents, eventId: booking.eventId },
    { account: 'platform_fee_revenue', amountCents: -shares.platformShareCents, eventId: booking.eventId },
  ];
}

/** A dispute won: the provider returns the amount and the fee, so the opening is reversed exactly. */
export function disputeWonEntries(opened: readonly LedgerEntryInput[]): LedgerEntryInput[] {
  return opened.map((entry) => ({ ...entry, amountCents: -entry.amountCents }));
}
