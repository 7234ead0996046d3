import type { ChargeFigures, ChargeRun } from '@pledgeway/domain/schemas/lifecycle';
import { formatDollars } from '@pledgeway/domain/money';

/**
 * What a charge run charges and has done, in the words every screen shares: the host's Complete
 * confirmation, the admin's charge-run card and the run's progress line. Three things, always
 * named alike: the supporters' "pledges to charge", the sponsors' "match charges", and the
 * creator's "funding" (charged at submission, so the run passes it on or refunds it, apart).
 */

const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const pledgesWord = (count: number) => countOf(count, 'pledge');
type Whose = 'Your' | "The creator's";

/**
 * "4 pledges to charge: $161.13" (what the cards are charged: pledges, tips and fee covers), "at
 * most" for a runoff (only the placements its creator chooses are charged), or "4 pledges to release".
 */
export function pledgesToChargeText({ outcome, pledges }: ChargeFigures, runoff = false): string {
  if (outcome === 'release') return `${pledgesWord(pledges.count)} to release: nobody is charged`;
  return `${pledgesWord(pledges.count)} to charge: ${runoff ? 'at most ' : ''}${formatDollars(pledges.amount)}`;
}

/** "1 match charge: at most $60.00" (fixed from the pledges actually charged, after them); null without a match. */
export function matchChargesText({ outcome, match_charges }: ChargeFigures): string | null {
  if (!match_charges.count) return null;
  if (outcome === 'release') return `${countOf(match_charges.count, 'match offer')} released: no sponsor is charged.`;
  return `${countOf(match_charges.count, 'match charge')}: at most ${formatDollars(match_charges.amount)}`;
}

/** The funding passed on, with both fees named: what the charity receives is the domain's split of the charge. */
function fundingPassedOn(whose: Whose, amount: number, toCharity: number): string {
  return `${whose} funding of ${formatDollars(amount)}, charged at submission, passes ${formatDollars(toCharity)} on to the charity (less its card fee and the 5% platform fee); it is not charged again.`;
}

/** What the run does with the creator's funding; null without funding. */
export function fundingText({ outcome, funding }: ChargeFigures, whose: Whose): string | null {
  if (!funding) return null;
  if (outcome === 'release') return `${whose} funding of ${formatDollars(funding.amount)} is refunded to the card less its card fee.`;
  return fundingPassedOn(whose, funding.amount, funding.to_charity);
}

const disputesOpen = (count: number) => (count ? ` · ${countOf(count, 'dispute')} open` : '');

/** "Running" or "Finished" (and the disputes still open of its charges), and what the run does: charge, or release everything. */
export function chargeRunState(run: ChargeRun): string {
  if (run.status === 'held') return 'Held for review at the deadline: nothing has been charged or released yet.';
  const release = run.outcome === 'release';
  if (run.status === 'finished') {
    const finished = `Finished${disputesOpen(run.open_disputes)}`;
    return release ? `${finished}: the target was not reached, every pledge was released and nobody was charged.` : `${finished}.`;
  }
  return release ? 'Running: releasing every pledge (the target was not reached).' : 'Running: charging the pledges one by one.';
}

function outcomes(counts: ChargeRun['pledges'], noun: string): string {
  const { total, charged, failed, released, charged_amount } = counts;
  const done = charged + failed + released;
  return `${done} of ${countOf(total, noun)} done: ${charged} charged (${formatDollars(charged_amount)}), ${failed} failed, ${released} released.`;
}

/** "2 of 3 pledges done: 1 charged ($25.00), 1 failed, 0 released. 1 of 1 match charge done: …" */
export function chargeRunCounts(run: ChargeRun): string {
  const pledges = run.pledges.total === 0 ? 'No supporters’ pledges to charge in this run.' : outcomes(run.pledges, 'pledge');
  return run.match_charges.total ? `${pledges} ${outcomes(run.match_charges, 'match charge')}` : pledges;
}

/** Share of the supporters' pledges and the match charges the run has settled, 0–100. */
export function chargeRunPercent(run: ChargeRun): number {
  const settled = (counts: ChargeRun['pledges']) => counts.charged + counts.failed + counts.released;
  const total = run.pledges.total + run.match_charges.total;
  return total ? Math.floor(((settled(run.pledges) + settled(run.match_charges)) / total) * 100) : 100;
}

/** What happens to the creator's funding in this run, if the run settles it. */
export function chargeRunFunding(run: ChargeRun, whose: Whose): string | null {
  if (!run.funding) return null;
  const funding = `${whose} funding of ${formatDollars(run.funding.amount)}`;
  switch (run.funding.outcome) {
    case 'passed_on':
      return fundingPassedOn(whose, run.funding.amount, run.funding.to_charity);
    case 'refunding':
      return `${funding} is being refunded to the card less its card fee.`;
    case 'refunded':
      return `${funding} was refunded to the card less its card fee.`;
  }
}
