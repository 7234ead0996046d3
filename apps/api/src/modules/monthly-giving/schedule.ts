import { addPeriods, chargeDateIn } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { ATTEMPT_LEASE_MS } from '../../lib/attempt-lease.ts';
import { chargeMonthlyPeriod, type MonthlyOutcome } from './charge.ts';
import { monthlyChargesRepository as repo } from './charges-repository.ts';

export const MONTHLY_GIFTS_QUEUE = 'monthly-gifts';
export const MONTHLY_GIFT_CHARGE_QUEUE = 'monthly-gift-charge';
/** Charges tried at once by one run (each still claimed on its own). */
const PARALLEL = 16;
const BATCH = 500;

/**
 * Creates the charge of every period now due, once: under the gift's row lock the period's row is
 * inserted (the unique index on gift and period makes a second insert do nothing) and the gift
 * moves to its next period. A paused gift whose pause is over runs again. Returns how many periods
 * were opened.
 */
export async function openDuePeriods(ctx: AppContext, giftIds?: string[]): Promise<number> {
  let opened = 0;
  for (;;) {
    const now = ctx.clock.now();
    const due = await repo.dueGiftIds(ctx.db, now, BATCH, giftIds);
    if (!due.length) return opened;
    for (const id of due) {
      opened += await ctx.db.transaction(async (tx) => {
        const gift = await repo.lockGift(tx, id);
        if (!gift || (gift.status !== 'active' && gift.status !== 'paused') || !gift.nextChargeAt || gift.nextChargeAt > now) return 0;
        let period = gift.nextPeriod;
        let at: Date = gift.nextChargeAt;
        let count = 0;
        // A gift whose schedule was down for months opens each missed period once. A month is due on
        // its own charge date, also when the sandbox brought it forward.
        while (at <= now) {
          count += await repo.openPeriod(tx, {
            giftId: gift.id,
            period,
            dueAt: chargeDateIn(period, gift.chargeDay),
            amountCents: gift.amountCents,
            tipCents: gift.tipCents,
          });
          period = addPeriods(period, 1);
          at = chargeDateIn(period, gift.chargeDay);
        }
        await repo.updateGift(tx, gift.id, { status: 'active', nextPeriod: period, nextChargeAt: at, updatedAt: now });
        return count;
      });
    }
  }
}

/** Charges waiting for a try: new ones and abandoned claims, and declined ones whose retry is due. */
async function chargesToTry(ctx: AppContext, giftIds?: string[]): Promise<string[]> {
  const now = ctx.clock.now();
  return repo.chargesToTry(ctx.db, now, new Date(now.getTime() - ATTEMPT_LEASE_MS), BATCH, giftIds);
}

/**
 * The schedule (decision 140): opens the periods now due, then tries every charge waiting, a few at
 * once. Any number of runs may overlap, on any number of instances: each period has one row and
 * each try one claim, so each period is charged once. Returns what each try did.
 */
export async function runMonthlyGifts(ctx: AppContext, giftIds?: string[]): Promise<Record<MonthlyOutcome, number> & { opened: number }> {
  const counts = { opened: await openDuePeriods(ctx, giftIds), charged: 0, failed: 0, action_required: 0, abandoned: 0, in_flight: 0, skipped: 0 };
  let errors: unknown[] = [];
  const tried = new Set<string>();
  for (;;) {
    const ids = (await chargesToTry(ctx, giftIds)).filter((id) => !tried.has(id));
    if (!ids.length) break;
    for (let start = 0; start < ids.length; start += PARALLEL) {
      const slice = ids.slice(start, start + PARALLEL);
      for (const id of slice) tried.add(id);
      const results = await Promise.allSettled(slice.map((id) => chargeMonthlyPeriod(ctx, id)));
      for (const result of results) {
        if (result.status === 'fulfilled') counts[result.value] += 1;
        else errors = [...errors, result.reason];
      }
    }
  }
  // A try that got no answer is taken over by the next run; the job fails so it is seen and retried.
  if (errors.length) throw errors[0];
  return counts;
}
