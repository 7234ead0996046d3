import { MATCH_TOP_UP_NOTE } from '@/components/pledge/pledge-card';
import { Link } from 'react-router';
import { dollarsToCents, formatCents } from '@pledgeway/domain/money';
import type { MyMatchesResponse } from '@pledgeway/domain/schemas/matching';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { formatDollars } from '@/lib/format';
import { useMyMatches } from '../api/get-my-matches';

type MyMatch = MyMatchesResponse['data']['matches'][number];

/** What the sponsor's match is now, in words: the status decides whether the amount is fixed. */
function matchState(match: MyMatch): string {
  switch (match.status) {
    case 'offered':
      return `Offered: ${formatDollars(match.matched_amount)} so far of your ${formatDollars(match.cap)} cap. Charged when the campaign completes.`;
    case 'charging':
      return `Being charged: ${formatDollars(match.matched_amount)}.`;
    case 'charged':
      return `Charged ${formatDollars(match.matched_amount)}. Your receipt was e-mailed.`;
    case 'failed':
      // The part not charged: the whole match, or a top-up declined after its first charge went through.
      return `Your payment method could not be charged ${formatCents(dollarsToCents(match.matched_amount) - dollarsToCents(match.charged_amount))}: update it with the link in our e-mail.`;
    case 'dropped':
      return 'Dropped: your payment method could not be charged within 7 days.';
    case 'not_charged':
      return 'No matched pledge was charged, so nothing was charged.';
    case 'released':
      return 'Released: the campaign will not charge its pledges. Nothing was charged.';
  }
}

/**
 * A match whose amount was fixed above $0 is charged as a pledge of its own (decision 109): My
 * Pledges shows it once, as that pledge's card named a match (with its charge, card update and
 * receipt), so this list keeps the offers that have no such pledge.
 */
const WITHOUT_A_PLEDGE: ReadonlySet<MyMatch['status']> = new Set(['offered', 'not_charged', 'released']);

/** Once fixed, a match can still grow (decision 109): what was charged so far, and how a late pledge adds to it. */
function chargedSoFar(match: MyMatch): string | null {
  if (match.status === 'offered' || match.status === 'released') return null;
  return `Charged so far: ${formatDollars(match.charged_amount)} of your ${formatDollars(match.cap)} cap. ${MATCH_TOP_UP_NOTE}`;
}

/** My Pledges: the matches this user offers as a sponsor that are not a pledge card above. Nothing shows without one. */
export function MyMatches() {
  const query = useMyMatches();
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  const matches = (query.data?.data.matches ?? []).filter((match) => WITHOUT_A_PLEDGE.has(match.status));
  if (matches.length === 0) return null;
  return (
    <section aria-labelledby="my-matches-heading" className="space-y-3">
      <h2 id="my-matches-heading" className="text-xl font-semibold">
        Your matches
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {matches.map((match) => (
          <li key={match._id} className="card p-5" data-testid="my-match">
            <p className="font-semibold">
              <Link to={paths.event(match.event_id)} className="underline hover:text-brand-700">
                {match.event_name}
              </Link>
            </p>
            <p className="mt-1 text-sm text-ink-600">
              Matched by {match.sponsor_name}, {match.ratio}:1{match.participant_name ? ` on ${match.participant_name}` : ''}, up to {formatDollars(match.cap)}
            </p>
            <p className="mt-2 text-ink-800">{matchState(match)}</p>
            {chargedSoFar(match) && <p className="mt-2 text-sm text-ink-600">{chargedSoFar(match)}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
