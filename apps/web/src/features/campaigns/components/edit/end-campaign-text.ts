import type { LifecyclePreview } from '@pledgeway/domain/schemas/lifecycle';
import { formatDollars } from '@pledgeway/domain/money';
import { fundingText, matchChargesText, pledgesToChargeText } from '@/components/charging/charge-run-text';

const pledgesWord = (count: number) => `${count} pledge${count === 1 ? '' : 's'}`;
const matchOffersWord = (count: number) => `${count} match offer${count === 1 ? '' : 's'}`;

/** What Close does with the money, in the server's figures: the refund, what is kept, the released pledges. */
export function closeMoneyLines({ close }: LifecyclePreview): string[] {
  const funding =
    close.funding_amount === null
      ? 'You have no charged funding on this campaign, so nothing is refunded.'
      : `Your refund: ${formatDollars(close.refund_amount)} of your ${formatDollars(close.funding_amount)} funding goes back to your card; ${formatDollars(close.kept_amount)} is kept (the card fee, the refund fee and 5%).`;
  const released = close.released_pledges
    ? `${pledgesWord(close.released_pledges)} (${formatDollars(close.released_amount)}) released: nobody is charged for ${close.released_pledges === 1 ? 'it' : 'them'}.`
    : 'No pledges to release.';
  const lines = [funding, released];
  if (close.released_matches) lines.push(`${matchOffersWord(close.released_matches)} released: no sponsor is charged.`);
  return lines;
}

/**
 * What Complete leads to, in the server's figures (`complete.charge`, which the admin's charge queue
 * shows too) and in the words the admin's card and the run's progress use: the pledges to charge,
 * the match charges and the funding.
 */
export function completeMoneyLines({ complete }: LifecyclePreview): string[] {
  const { charge } = complete;
  if (charge.outcome === 'release') {
    const funded = charge.funding !== null;
    return [
      `All or Nothing: ${formatDollars(complete.counted_amount)} of the ${formatDollars(complete.target_amount)} target was pledged${funded ? ' (your funding included)' : ''}.`,
      `${pledgesToChargeText(charge)}${funded ? `; your ${formatDollars(charge.funding!.amount)} funding is refunded to your payment method less its card fee` : ''}.`,
      ...(complete.matches.length ? [`${matchOffersWord(complete.matches.length)} released: no sponsor is charged.`] : []),
    ];
  }
  const lines = [
    charge.pledges.count
      ? `${pledgesToChargeText(charge, complete.runoff)}${complete.runoff ? ' (only the placements you choose are charged)' : ''}, when an admin confirms the charge.`
      : 'No pledges are waiting to be charged.',
  ];
  const matches = matchChargesText(charge);
  if (matches) lines.push(`${matches}, charged to the sponsors' cards after the pledges.`);
  const funding = fundingText(charge, 'Your');
  if (funding) lines.push(funding);
  for (const match of complete.matches) {
    lines.push(
      `Matched by ${match.sponsor_name} (${match.ratio}:1 up to ${formatDollars(match.cap)}): at most ${formatDollars(match.at_most)}, worked out from the pledges actually charged and charged to the sponsor's card after them.`,
    );
  }
  return lines;
}
