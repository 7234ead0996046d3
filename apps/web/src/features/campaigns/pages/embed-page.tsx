import { useEffect } from 'react';
import { useParams } from 'react-router';
import { formatDollars } from '@pledgeway/domain/money';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { useOrigin } from '@/lib/hydration';
import { useEvent } from '../api/get-event';
import { useLiveTotals } from '../hooks/use-live-totals';

/**
 * /embed/events/{id}: a small card for another site's iframe (the campaign's host names the sites
 * allowed to frame it; decision 111): the total, the progress and a Pledge button that opens the
 * campaign's pledge flow in a new tab. The total follows the live stream.
 */
export default function EmbedPage() {
  const { eventId = '' } = useParams();
  const query = useEvent(eventId);
  const origin = useOrigin();
  useLiveTotals(eventId, query.isSuccess);
  useEffect(() => {
    if (query.data) document.title = `${query.data.name} — Pledgeway`;
  }, [query.data]);
  if (query.isPending) return <p className="p-4 text-sm text-ink-600">Loading campaign…</p>;
  if (query.isError) return <p className="p-4 text-sm text-ink-600">{query.error.message || 'Failed to load event details'}</p>;
  const event = query.data;
  const percent = event.target_amount > 0 ? (event.payment_amount / event.target_amount) * 100 : 0;
  const live = event.status === 'approved';
  return (
    <main className="grid grid-cols-1 gap-3 rounded-2xl border border-ink-100 bg-white p-4 font-sans text-ink-800">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Pledgeway</p>
      <h1 className="text-lg leading-snug font-bold">{event.name}</h1>
      <p aria-live="polite">
        <span className="text-2xl font-bold text-ink-900">{formatDollars(event.payment_amount)}</span>
        <span className="text-ink-600"> pledged of {formatDollars(event.target_amount, { whole: true })}</span>
      </p>
      <ProgressBar
        value={percent}
        label={`Pledged toward the ${formatDollars(event.target_amount, { whole: true })} goal`}
        valueText={`${Math.floor(percent)}% of the goal`}
      />
      <p className="text-sm text-ink-600">
        {event.supporters} {event.supporters === 1 ? 'supporter' : 'supporters'}
      </p>
      {live ? (
        <a href={`${origin}${paths.event(event._id)}`} target="_blank" rel="noopener noreferrer" className="btn btn-primary w-full">
          Pledge
        </a>
      ) : (
        <p className="text-sm font-semibold text-ink-700">This campaign is not taking pledges right now.</p>
      )}
      <p className="text-xs text-ink-500">Pledges are charged only when the event is completed. Opens in a new tab.</p>
    </main>
  );
}
