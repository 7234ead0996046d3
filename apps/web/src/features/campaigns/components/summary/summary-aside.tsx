import { dollarsToCents, exactProgressPercent, formatDollars } from '@pledgeway/domain/money';
import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { StatusBadge } from '@/components/ui/badge';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { formatDate, formatTime } from '@/lib/format';
import { ChargeRunCard } from '../charge-run-card';
import { RunoffPlacementsPanel } from '../runoff/runoff-placements-panel';
import { ShareButtons } from '../share-buttons';

/** Status and the real pledged total against the target. */
function StatusAndPledges({ event }: { event: ManageEventResponse }) {
  const percent = exactProgressPercent(dollarsToCents(event.payment_amount), dollarsToCents(event.target_amount));
  return (
    <section className="card grid gap-3 p-6" aria-label="Status and pledges">
      <div className="flex items-center justify-between">
        <span className="text-sm font-semibold text-ink-500">Status</span>
        <StatusBadge status={event.status || 'pending'} />
      </div>
      <p className="text-sm font-semibold text-ink-500">Total pledged</p>
      <p>
        <span className="text-2xl font-bold">{formatDollars(event.payment_amount)}</span>
        <span className="text-ink-500"> of {formatDollars(event.target_amount)} target</span>
      </p>
      <ProgressBar value={Number(percent)} label="Pledged toward the target" valueText={`${percent}% pledged`} />
      <p className="text-sm font-semibold">{percent}%</p>
    </section>
  );
}

/** The summary's side column: status and pledges, the charge run, placements, place and date, share. */
export function SummaryAside({ event }: { event: ManageEventResponse }) {
  const place = event.location_type === 'virtual' ? event.online_event_link || 'To Be Decided' : event.event_location || 'To Be Decided';
  const url = `${window.location.origin}${paths.event(event._id)}`;
  return (
    <aside className="grid content-start gap-6">
      <StatusAndPledges event={event} />
      <ChargeRunCard event={event} />
      {event.kind === 'runoff' && <RunoffPlacementsPanel event={event} />}
      <section className="card grid gap-2 p-6">
        <h2 className="text-sm font-semibold text-ink-500">{event.location_type === 'virtual' ? 'Online link' : 'Location'}</h2>
        <p className="font-medium">{place}</p>
        <h2 className="mt-2 text-sm font-semibold text-ink-500">Date and time</h2>
        <p className="font-medium">
          {formatDate(event.event_date)} {formatTime(event.event_time)}
        </p>
        <h2 className="mt-2 text-sm font-semibold text-ink-500">Target amount</h2>
        <p className="font-medium">{formatDollars(event.target_amount)}</p>
      </section>
      <section className="card p-6">
        <h2 className="mb-3 text-sm font-semibold text-ink-500">Share</h2>
        <ShareButtons url={url} title={event.name} />
      </section>
    </aside>
  );
}
