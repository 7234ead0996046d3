import {
  centsToDollars,
  periodOf,
  type AdminMonthlyGiving,
  type FailingMonthlyGift,
  type MonthlyGivingCharityRow,
  type MonthlyGivingTotals,
} from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { monthlyGivingAdminRepository as repo } from './admin-repository.ts';

const num = (value: unknown) => Number(value ?? 0);

function failingState(row: { gift_status: string; charge_status: string }): FailingMonthlyGift['state'] {
  if (row.gift_status === 'payment_failed') return 'paused_after_failure';
  return row.charge_status === 'action_required' ? 'action_required' : 'retrying';
}

/**
 * The admin console's monthly giving (decision 140) for the current month, UTC: per charity the gifts,
 * what is expected and what was collected, and the failing gifts. The dashboard shows its totals.
 */
export async function monthlyGivingForAdmins(ctx: AppContext): Promise<AdminMonthlyGiving> {
  const period = periodOf(ctx.clock.now());
  const [gifts, expected, collected, failing] = await Promise.all([
    repo.giftsPerCharity(ctx.database),
    repo.expectedPerCharity(ctx.database, period),
    repo.collectedPerCharity(ctx.database, period),
    repo.failing(ctx.database),
  ]);
  const rows = new Map<string, MonthlyGivingCharityRow & { recurringCents: number; expectedCents: number; collectedCents: number }>();
  const rowOf = (charityId: string, charityName: string) => {
    const row = rows.get(charityId) ?? {
      charity_id: charityId,
      charity_name: charityName,
      active_gifts: 0,
      paused_gifts: 0,
      expected: 0,
      collected: 0,
      recurringCents: 0,
      expectedCents: 0,
      collectedCents: 0,
    };
    rows.set(charityId, row);
    return row;
  };
  for (const gift of gifts)
    Object.assign(rowOf(gift.charity_id, gift.charity_name), {
      active_gifts: num(gift.active),
      paused_gifts: num(gift.paused),
      recurringCents: num(gift.recurring),
    });
  for (const row of expected) rowOf(row.charity_id, row.charity_name).expectedCents = num(row.cents);
  for (const row of collected) rowOf(row.charity_id, row.charity_name).collectedCents = num(row.cents);
  const charities = [...rows.values()].sort((a, b) => b.expectedCents - a.expectedCents || a.charity_name.localeCompare(b.charity_name));
  const sum = (pick: (row: (typeof charities)[number]) => number) => charities.reduce((total, row) => total + pick(row), 0);
  const totals: MonthlyGivingTotals = {
    period,
    active_gifts: sum((row) => row.active_gifts),
    monthly_recurring: centsToDollars(sum((row) => row.recurringCents)),
    expected: centsToDollars(sum((row) => row.expectedCents)),
    collected: centsToDollars(sum((row) => row.collectedCents)),
    failing_gifts: failing.length,
  };
  return {
    totals,
    charities: charities.map(({ recurringCents: _recurring, expectedCents, collectedCents, ...row }) => ({
      ...row,
      expected: centsToDollars(expectedCents),
      collected: centsToDollars(collectedCents),
    })),
    failing: failing.map((row) => ({
      gift_id: row.gift_id,
      charity_id: row.charity_id,
      charity_name: row.charity_name,
      donor: { _id: row.user_id, name: row.name, email: row.email },
      state: failingState(row),
      period: row.period,
      amount: centsToDollars(row.cents),
      failure_message: row.failure_message,
      next_retry_at: row.next_retry_at,
      attempts: row.attempt + 1,
    })),
  };
}
