import { centsToDollars, dollarsToCents } from './money.ts';
import type { OpenLedgerAccount, OpenLedgerTotals } from './schemas/open-ledger.ts';

/** The figures of one line that the totals are made of (a line of the JSON or CSV download). */
export type OpenLedgerFigures = Record<'pledged' | 'charged' | OpenLedgerAccount, number>;

/**
 * The totals of an open ledger from its lines alone, summed in cents (decision 112): what
 * `npm run ledger:recompute` prints, so anyone can check a campaign's page against its download.
 * Money leaving an account is negative, so what came from cards is minus the cards' sum; what is
 * for the charity is its payable plus what a payout already moved to paid.
 */
export function recomputeOpenLedger(lines: readonly OpenLedgerFigures[]): OpenLedgerTotals {
  const sum = (field: keyof OpenLedgerFigures) => lines.reduce((total, line) => total + dollarsToCents(line[field]), 0);
  const payable = sum('charity_payable');
  const paid = sum('charity_paid');
  return {
    raised: centsToDollars(sum('pledged')),
    charged: centsToDollars(sum('charged')),
    net_from_cards: centsToDollars(-sum('donor_card')),
    platform_fees: centsToDollars(sum('platform_fee_revenue')),
    tips: centsToDollars(sum('tips_revenue')),
    card_fees: centsToDollars(sum('card_processing_fees')),
    held: centsToDollars(sum('event_escrow')),
    for_charity: centsToDollars(payable + paid),
    passed_on: centsToDollars(paid),
    lines: lines.length,
  };
}
