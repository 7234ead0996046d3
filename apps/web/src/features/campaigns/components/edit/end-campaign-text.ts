import type { LifecyclePreview } from '@pledgeway/domain/schemas/lifecycle';
import { formatDollars } from '@pledgeway/domain/money';

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

/** What Complete leads to, in the server's figures: the pledges the admin's charge will charge, and the funding. */
export function completeMoneyLines({ complete }: LifecyclePreview): string[] {
  if (complete.outcome === 'release') {
    const funded = complete.funding_amount !== null;
    return [
      `All or Nothing: ${formatDollars(complete.counted_amount)} of the ${formatDollars(complete.target_amount)} target was pledged${funded ? ' (your funding included)' : ''}.`,
      `${pledgesWord(complete.pledges)} will be released and nobody charged${funded ? `; your ${formatDollars(complete.funding_amount!)} funding is refunded to your card less its card fee` : ''}.`,
      ...(complete.matches.length ? [`${matchOffersWord(complete.matches.length)} released: no sponsor is charged.`] : []),
    ];
  }
  const amount = complete.runoff ? `at most ${formatDollars(complete.charge_amount)}` : formatDollars(complete.charge_amount);
  const lines = [
    complete.pledges
      ? `${pledgesWord(complete.pledges)}, ${amount} to be charged when an admin confirms the charge${complete.runoff ? ' (only the placements you choose are charged)' : ''}.`
      : 'No pledges are waiting to be charged.',
  ];
  if (complete.funding_amount !== null) {
    lines.push(
      `Your ${formatDollars(complete.funding_amount)} funding, charged already, passes ${formatDollars(complete.funding_to_charity)} on to the charity.`,
    );
  }
  for (const match of complete.matches) {
    lines.push(
      `Matched by ${match.sponsor_name} (${match.ratio}:1 up to ${formatDollars(match.cap)}): at most ${formatDollars(match.at_most)}, worked out from the pledges actually charged and charged to the sponsor's card after them.`,
    );
  }
  return lines;
}
