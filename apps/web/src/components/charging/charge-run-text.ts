import type { ChargeRun } from '@pledgeway/domain/schemas/lifecycle';
import { formatDollars } from '@pledgeway/domain/money';

/**
 * What a charge run has done, in words shared by the admin's console and the creator's summary.
 * Counts are of supporters' pledges only: the creator's funding was charged at submission, so the
 * run settles it (passes it on, or refunds it) and says so apart.
 */

const pledgesWord = (count: number) => `${count} pledge${count === 1 ? '' : 's'}`;

/** "Running" or "Finished", and what the run does: charge, or release everything. */
export function chargeRunState(run: ChargeRun): string {
  if (run.status === 'held') return 'Held for review at the deadline: nothing has been charged or released yet.';
  const release = run.outcome === 'release';
  if (run.status === 'finished') return release ? 'Finished: the target was not reached, every pledge was released and nobody was charged.' : 'Finished.';
  return release ? 'Running: releasing every pledge (the target was not reached).' : 'Running: charging the pledges one by one.';
}

/** "2 of 3 pledges done: 1 charged ($25.00), 1 failed, 0 released." */
export function chargeRunCounts(run: ChargeRun): string {
  const { total, charged, failed, released, charged_amount } = run.pledges;
  if (total === 0) return 'No supporters’ pledges to charge in this run.';
  const done = charged + failed + released;
  return `${done} of ${pledgesWord(total)} done: ${charged} charged (${formatDollars(charged_amount)}), ${failed} failed, ${released} released.`;
}

/** Share of the supporters' pledges the run has settled, 0–100. */
export function chargeRunPercent(run: ChargeRun): number {
  const { total, charged, failed, released } = run.pledges;
  return total ? Math.floor(((charged + failed + released) / total) * 100) : 100;
}

/** What happens to the creator's funding in this run, if the run settles it. */
export function chargeRunFunding(run: ChargeRun, whose: 'Your' | "The creator's"): string | null {
  if (!run.funding) return null;
  const funding = `${whose} funding of ${formatDollars(run.funding.amount)}`;
  switch (run.funding.outcome) {
    case 'passed_on':
      return `${funding}, charged at submission, is passed on to the charity less the 5% platform fee; it is not charged again.`;
    case 'refunding':
      return `${funding} is being refunded to the card less its card fee.`;
    case 'refunded':
      return `${funding} was refunded to the card less its card fee.`;
  }
}
