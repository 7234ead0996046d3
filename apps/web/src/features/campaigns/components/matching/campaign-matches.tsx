import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import type { MatchResponse } from '@pledgeway/domain/schemas/matching';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { LOGIN_RETURN_PARAM, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useEarlyClick } from '@/lib/early-clicks';
import { formatDollars, formatInstant } from '@/lib/format';
import { useDisplayTimeZone, useRenderSnapshot } from '@/lib/hydration';
import { useMatches } from '../../api/get-matches';
import type { DisplayZone } from '@/lib/zone-format';

// The offer form loads only when a sponsor opens it.
const OfferMatchDialog = lazy(() => import('./offer-match-dialog'));

const STATUS_NOTE: Partial<Record<MatchResponse['status'], string>> = {
  charging: 'Being charged now.',
  charged: 'Charged: given to the charity with the campaign’s pledges.',
  failed: 'The sponsor’s payment method could not be charged yet.',
  dropped: 'The sponsor’s payment method could not be charged.',
  not_charged: 'No matched pledge was charged, so nothing was charged.',
  released: 'Released: the campaign will not charge its pledges.',
};

/** What the match covers, in words: its ratio, option and window. */
function MatchTerms({ match, timeZone }: { match: MatchResponse; timeZone: DisplayZone }) {
  const parts = [match.ratio === 2 ? 'Every dollar doubled (2:1)' : 'Every dollar matched (1:1)'];
  if (match.participant_name) parts.push(`on pledges to ${match.participant_name}`);
  if (match.starts_at) parts.push(`from ${formatInstant(match.starts_at, timeZone)}`);
  if (match.ends_at) parts.push(`until ${formatInstant(match.ends_at, timeZone)}`);
  return <p className="text-sm text-ink-600">{parts.join(' ')}.</p>;
}

function MatchRow({ match, timeZone }: { match: MatchResponse; timeZone: DisplayZone }) {
  const note = STATUS_NOTE[match.status];
  return (
    <li className="grid gap-2 rounded-xl bg-ink-50 p-4" data-testid="campaign-match">
      <p className="font-semibold">
        Matched by {match.sponsor_name}: {formatDollars(match.matched_amount)} of {formatDollars(match.cap)}
      </p>
      <ProgressBar
        value={(match.matched_amount / match.cap) * 100}
        label={`Matched by ${match.sponsor_name}`}
        valueText={`${formatDollars(match.matched_amount)} of ${formatDollars(match.cap)}`}
        size="sm"
      />
      <MatchTerms match={match} timeZone={timeZone} />
      {note && <p className="text-sm text-ink-700">{note}</p>}
    </li>
  );
}

/**
 * Matching pledges on the campaign page: each sponsor's "Matched by {sponsor}: $X of $Y", kept
 * current by the live stream (it refreshes this list), and "Offer a match" while the campaign is live.
 * "Offer a match" works before the app has hydrated it (decision 120), as Pledge Now does: for a
 * visitor it is a form that leads to the log-in page with the way back in the address; with a
 * session, the press is held and the dialog opens once the app runs and the session is checked.
 */
export default function CampaignMatches({ event }: { event: EventDetailResponse }) {
  const query = useMatches(event._id);
  const timeZone = useDisplayTimeZone();
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.pathname + location.search;
  const [offering, setOffering] = useState(false);
  // Pressed while the session was being checked: acted on once the check has answered.
  const [pressedEarly, setPressedEarly] = useState(false);
  // Held as the server rendered the button: with a session, for the app. This part hydrates late,
  // once its code has loaded, maybe after the session check has answered; an attribute that
  // differed from the server's then would not be corrected, so it follows the server's view.
  const sessionHint = useRenderSnapshot()?.sessionHint ?? false;
  const early = useEarlyClick('offer-match', () => setPressedEarly(true), sessionHint);

  const start = () => {
    if (status === 'authenticated') setOffering(true);
    else navigate(paths.login, { state: { from } });
  };
  const startOnEarlyPress = useEffectEvent(start);
  useEffect(() => {
    if (!pressedEarly || status === 'loading') return;
    setPressedEarly(false);
    startOnEarlyPress();
  }, [pressedEarly, status]);

  const matches = query.data?.data.matches ?? [];
  const live = event.status === 'approved';
  if (!live && matches.length === 0) return null;

  return (
    <section className="card p-5 sm:p-6" aria-labelledby="matches-heading">
      <h2 id="matches-heading" className="text-lg font-semibold">
        Matching
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Sponsors who match supporters’ pledges. A match is charged when the campaign completes, for the pledges actually charged, up to its cap.
      </p>
      {query.isError && <Alert tone="error">{query.error.message}</Alert>}
      {matches.length > 0 && (
        <ul className="mt-3 grid gap-3">
          {matches.map((match) => (
            <MatchRow key={match._id} match={match} timeZone={timeZone} />
          ))}
        </ul>
      )}
      {live && (
        <form method="get" action={paths.login} className="mt-4">
          <input type="hidden" name={LOGIN_RETURN_PARAM} value={from} />
          <button
            type="submit"
            className={buttonClasses({ variant: 'outline' })}
            onClick={(click) => {
              // The app takes it from here; the form is for a page the app has not hydrated yet.
              click.preventDefault();
              if (status === 'loading') setPressedEarly(true);
              else start();
            }}
            {...early}
          >
            Offer a match
          </button>
        </form>
      )}
      {offering && (
        <Suspense fallback={null}>
          <OfferMatchDialog event={event} onClose={() => setOffering(false)} />
        </Suspense>
      )}
    </section>
  );
}
