import { z } from 'zod';

/**
 * A campaign's open ledger (docs/money.md#rules, decision 112): every movement of its money, one
 * line per ledger transaction, with the pledges not charged yet, so its totals equal the page's.
 */
export const OPEN_LEDGER_PAGE_SIZE = 50;
export const OPEN_LEDGER_MAX_PAGE_SIZE = 200;

/** The ledger's accounts a campaign's money passes through, in the order the columns are shown. */
export const OPEN_LEDGER_ACCOUNTS = [
  'donor_card',
  'event_escrow',
  'platform_fee_revenue',
  'tips_revenue',
  'card_processing_fees',
  'charity_payable',
  'charity_paid',
] as const;
export type OpenLedgerAccount = (typeof OPEN_LEDGER_ACCOUNTS)[number];

/** Lines that move no money: pledges counted in the raised total but not charged yet. */
export const AWAITING_CHARGE_KINDS = ['pledge_pending', 'pledge_failed'] as const;

/**
 * Public labels by transaction kind. A kind not listed here still appears, labelled from its own
 * name (`some_kind` → "Some kind"): add its label here when a new kind is booked.
 */
export const OPEN_LEDGER_LABELS: Record<string, string> = {
  funding_charge: "Creator's funding charged",
  funding_settlement: "Creator's funding released to the charity",
  funding_refund: "Creator's funding refunded",
  pledge_charge: 'Pledge charged',
  match_charge: "Sponsor's match charged",
  match_top_up: "Sponsor's match topped up for a pledge charged late",
  dispute_opened: 'Charge disputed by the bank',
  dispute_won: 'Dispute won: charge restored',
  payout: 'Passed on to the charity',
  transfer: "Transferred to the charity's account",
  transfer_reversal: "Taken back from the charity's account after a dispute",
  pledge_pending: 'Pledged, charged when the campaign completes',
  pledge_failed: 'Pledged, card declined: awaiting a new card',
};

/**
 * The only lines that name their supporter (as they chose: "Anonymous", a sponsor's chosen name):
 * money pledged or given. A declined card, a dispute, a refund, a payout or a kind added later
 * names nobody, and no line of a pledge ever disputed does (its amount would tie the dispute to
 * the name): who failed to pay or disputed a charge is theirs, the host's and the admin's to know.
 */
export const OPEN_LEDGER_NAMED_KINDS = ['pledge_pending', 'pledge_charge', 'match_charge', 'match_top_up', 'funding_charge', 'funding_settlement'] as const;

export function openLedgerLabel(kind: string): string {
  const known = OPEN_LEDGER_LABELS[kind];
  if (known) return known;
  const words = kind.replaceAll('_', ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Movement';
}

const money = z.number();

export const OpenLedgerLine = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  label: z.string(),
  /**
   * The supporter as they chose to appear ("Anonymous" when they pledged anonymously, a sponsor's
   * chosen name) on the lines of `OPEN_LEDGER_NAMED_KINDS`; null on every other line.
   */
  donor: z.string().nullable(),
  /** What the line adds to (or takes from) the page's raised total and its charged total, in dollars. */
  pledged: money,
  charged: money,
  /** The line's entries per account, in dollars; they sum to zero (money leaving an account is negative). */
  donor_card: money,
  event_escrow: money,
  platform_fee_revenue: money,
  tips_revenue: money,
  card_processing_fees: money,
  charity_payable: money,
  charity_paid: money,
});
export type OpenLedgerLine = z.infer<typeof OpenLedgerLine>;

/** What the page shows, recomputable from the lines alone (`recomputeOpenLedger`). */
export const OpenLedgerTotals = z.object({
  /** The campaign page's raised figure (`payment_amount`). */
  raised: money,
  /** The page's "Charged". */
  charged: money,
  /** Taken from cards less what went back (refunds, disputes). */
  net_from_cards: money,
  platform_fees: money,
  tips: money,
  card_fees: money,
  /** Held for the campaign before its charge run (the creator's funding). */
  held: money,
  /** The page's "For the charity, after fees" and "Passed on". */
  for_charity: money,
  passed_on: money,
  lines: z.number().int(),
});
export type OpenLedgerTotals = z.infer<typeof OpenLedgerTotals>;

export const OpenLedgerCampaign = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.string(),
  charity: z.string().nullable(),
});

export const OpenLedgerQuery = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(OPEN_LEDGER_MAX_PAGE_SIZE).default(OPEN_LEDGER_PAGE_SIZE),
});

/** GET /api/events/{id}/money: one page of lines, newest first, with the totals of all of them. */
export const OpenLedgerResponse = z.object({
  success: z.literal(true),
  data: z.object({
    event: OpenLedgerCampaign,
    totals: OpenLedgerTotals,
    lines: z.array(OpenLedgerLine),
    count: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  }),
});
export type OpenLedgerResponse = z.infer<typeof OpenLedgerResponse>;

/** GET /api/events/{id}/money.json: every line, for anyone to check the books offline. */
export const OpenLedgerDownload = z.object({
  event: OpenLedgerCampaign,
  generated_at: z.string(),
  totals: OpenLedgerTotals,
  lines: z.array(OpenLedgerLine),
});
export type OpenLedgerDownload = z.infer<typeof OpenLedgerDownload>;

/** The CSV download's columns, in order. */
export const OPEN_LEDGER_CSV_COLUMNS = ['at', 'kind', 'label', 'donor', 'pledged', 'charged', ...OPEN_LEDGER_ACCOUNTS] as const;
