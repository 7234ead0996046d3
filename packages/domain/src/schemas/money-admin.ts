import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money.ts';
import { PledgeStatusSchema } from './my-pledges.ts';

/** POST /api/pledges/{id}/payment-method: the donor gives another of their cards; the charge is retried at once. */
export const UpdatePledgeCardRequest = z.object({
  payment_method_id: z.uuid({ error: 'Please select a payment method or add a new one' }),
});
export type UpdatePledgeCardRequest = z.infer<typeof UpdatePledgeCardRequest>;

export const UpdatePledgeCardResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ _id: z.string(), status: PledgeStatusSchema, failure_reason: z.string().nullable() }),
});
export type UpdatePledgeCardResponse = z.infer<typeof UpdatePledgeCardResponse>;

export const PAYOUT_MESSAGES = {
  recorded: 'Payout recorded',
  moreThanPayable: 'A payout cannot exceed what is payable to this charity',
  charityNotFound: 'Charity not found',
  referenceRequired: 'Please give the transfer reference',
  dateInvalid: 'Use a date such as 2026-11-23',
  amountMin: 'Amount must be at least $0.01',
} as const;

/** POST /api/admin/payouts: an admin marks money sent to a charity, with the bank or transfer reference. */
export const CreatePayoutRequest = z.object({
  charity_id: z.uuid('Invalid charity id'),
  amount: z.number().min(0.01, PAYOUT_MESSAGES.amountMin).refine(hasAtMostTwoDecimals, 'Use at most two decimals'),
  reference: z.string().trim().min(1, PAYOUT_MESSAGES.referenceRequired).max(200),
  paid_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, PAYOUT_MESSAGES.dateInvalid),
});
export type CreatePayoutRequest = z.infer<typeof CreatePayoutRequest>;

export const Payout = z.object({
  _id: z.string(),
  charity_id: z.string(),
  amount: z.number(),
  reference: z.string(),
  paid_on: z.string(),
  created_at: z.string(),
});
export type Payout = z.infer<typeof Payout>;

/** One charity's account: payable (from the ledger, not yet passed on), paid so far, and its payouts. */
export const CharityPayouts = z.object({
  charity_id: z.string(),
  name: z.string(),
  payable: z.number(),
  paid: z.number(),
  history: z.array(Payout),
});
export type CharityPayouts = z.infer<typeof CharityPayouts>;

export const PayoutsResponse = z.object({ success: z.literal(true), data: z.object({ charities: z.array(CharityPayouts) }) });
export type PayoutsResponse = z.infer<typeof PayoutsResponse>;

export const CreatePayoutResponse = z.object({ success: z.literal(true), message: z.string(), data: z.object({ payout: Payout, charity: CharityPayouts }) });
export type CreatePayoutResponse = z.infer<typeof CreatePayoutResponse>;

/**
 * Kinds of money movement compared both ways between the provider and the ledger: a charge, a
 * refund, a dispute (the provider took the disputed amount back) and its reversal (a won dispute
 * gave it back), a transfer of a charity's share to its connected account and a reversal of one
 * (decision 130). A new kind is added here, to the providers' listings and to `reconcile.ts`.
 */
export const MOVEMENT_KINDS = ['charge', 'refund', 'dispute', 'dispute_reversal', 'transfer', 'transfer_reversal'] as const;
export const MovementKind = z.enum(MOVEMENT_KINDS);
export type MovementKind = z.infer<typeof MovementKind>;
/** How a check's report names each kind: "the provider's dispute reversal dp_…", "disputes: 2 at the provider". */
export const MOVEMENT_NAMES: Record<MovementKind, { one: string; many: string }> = {
  charge: { one: 'charge', many: 'charges' },
  refund: { one: 'refund', many: 'refunds' },
  dispute: { one: 'dispute', many: 'disputes' },
  dispute_reversal: { one: 'dispute reversal', many: 'dispute reversals' },
  transfer: { one: 'transfer', many: 'transfers' },
  transfer_reversal: { one: 'transfer reversal', many: 'transfer reversals' },
};

/** One side's record that the other side lacks: a provider movement no posting knows, or a posting the provider has no record of. */
export const ReconciliationOrphan = z.object({
  kind: MovementKind,
  /** The provider's reference (`ch_sbx_…`, `re_sbx_…`, `dp_sbx_…`, Stripe's `pi_…`, `re_…`, `dp_…`). */
  ref: z.string(),
  /** Dollars. */
  amount: z.number(),
  /** The ledger transaction, for a posting without its provider record. */
  transaction_id: z.string().optional(),
});
export type ReconciliationOrphan = z.infer<typeof ReconciliationOrphan>;

/** Provider ↔ ledger, per kind: how many each side holds, and what one side has that the other lacks. */
export const Reconciliation = z.object({
  compared: z.array(z.object({ kind: MovementKind, provider: z.number(), postings: z.number() })),
  provider_without_posting: z.array(ReconciliationOrphan),
  posting_without_provider: z.array(ReconciliationOrphan),
  /** Charges the provider returned in full with nothing booked either way (a Checkout paid after its funding was withdrawn): not a difference. */
  returned_unbooked: z.array(ReconciliationOrphan),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

/** GET /api/admin/ledger/verify: what was checked and every difference found. */
export const LedgerVerifyReport = z.object({
  ok: z.boolean(),
  provider: z.string(),
  checked: z.object({
    transactions: z.number(),
    charged_pledges: z.number(),
    refunds: z.number(),
    donations: z.number(),
    /** Charged months of monthly gifts, each matched to its posting (and, with the sandbox, its provider charge). */
    monthly_charges: z.number(),
    provider_records: z.number(),
  }),
  reconciliation: Reconciliation,
  problems: z.array(z.string()),
});
export type LedgerVerifyReport = z.infer<typeof LedgerVerifyReport>;
export const LedgerVerifyResponse = z.object({ success: z.literal(true), data: LedgerVerifyReport });
