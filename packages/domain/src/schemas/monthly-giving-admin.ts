import { z } from 'zod';
import { okResponse } from './common.ts';

/**
 * The admin console's view of monthly giving (decision 140) for the current month (UTC): per
 * charity what the cards are expected to pay this month and what was collected (gift + tip, as the
 * cards pay it), and the gifts whose charges are failing.
 */
export const MonthlyGivingCharityRow = z.object({
  charity_id: z.string(),
  charity_name: z.string(),
  /** Gifts running (active) and paused by the supporter. */
  active_gifts: z.number(),
  paused_gifts: z.number(),
  /** This month's charges opened (not cancelled) plus the running gifts whose charge falls later this month. */
  expected: z.number(),
  /** This month's charges booked in the ledger (`monthly_gift`, what the cards paid). */
  collected: z.number(),
});
export type MonthlyGivingCharityRow = z.infer<typeof MonthlyGivingCharityRow>;

/** Why a gift is listed as failing: a declined month waiting for its retry, a month waiting for the bank's confirmation, or a gift paused after its last retry. */
export const FAILING_GIFT_STATES = ['retrying', 'action_required', 'paused_after_failure'] as const;
export const FailingMonthlyGift = z.object({
  gift_id: z.string(),
  charity_id: z.string(),
  charity_name: z.string(),
  donor: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  state: z.enum(FAILING_GIFT_STATES),
  period: z.string(),
  /** What the card is asked to pay for that month (gift + tip). */
  amount: z.number(),
  failure_message: z.string().nullable(),
  next_retry_at: z.string().nullable(),
  attempts: z.number(),
});
export type FailingMonthlyGift = z.infer<typeof FailingMonthlyGift>;

export const MonthlyGivingTotals = z.object({
  /** The current month, "YYYY-MM" (UTC). */
  period: z.string(),
  active_gifts: z.number(),
  /** What the running gifts pay each month (gift + tip): the monthly recurring giving. */
  monthly_recurring: z.number(),
  expected: z.number(),
  collected: z.number(),
  failing_gifts: z.number(),
});
export type MonthlyGivingTotals = z.infer<typeof MonthlyGivingTotals>;

export const AdminMonthlyGiving = z.object({
  totals: MonthlyGivingTotals,
  charities: z.array(MonthlyGivingCharityRow),
  failing: z.array(FailingMonthlyGift),
});
export type AdminMonthlyGiving = z.infer<typeof AdminMonthlyGiving>;
export const AdminMonthlyGivingResponse = okResponse(AdminMonthlyGiving);
export type AdminMonthlyGivingResponse = z.infer<typeof AdminMonthlyGivingResponse>;
