import { Link, useParams } from 'react-router';
import { dollarsToCents, exactProgressPercent, formatDollars } from '@pledgeway/domain/money';
import { KIND_LABELS } from '@pledgeway/domain/campaign-kinds';
import { canPostUpdates } from '@pledgeway/domain/update-rules';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { StatusBadge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate, formatTime, mediaUrl } from '@/lib/format';
import { useManagedEvent } from '../api/get-managed-event';
import { ChargeRunCard } from '../components/charge-run-card';
import { CheckoutReturnNotice } from '../components/checkout-return-notice';
import { RunoffPlacementsPanel } from '../components/runoff/runoff-placements-panel';
import { RunoffRanking } from '../components/runoff/runoff-ranking';
import { ShareButtons } from '../components/share-buttons';
import { PostUpdateForm } from '../components/updates/post-update-form';
import { formatBytes } from '../lib/images';

/** /user/event/{id}: the creator's (or an admin's) overview, with the real pledged total. */
export default function EventSummaryPage() {
  const { eventId = '' } = useParams();
  const query = useManagedEvent(eventId);
  if (query.isPending) return <FullPageSpinner label="Loading campaign" />;
  if (query.isError) {
    return (
      <div className="container-page py-12">
        <Alert tone="error">Error: {query.error.message}</Alert>
      </div>
    );
  }
  const event = query.data;
  const percent = exactProgressPercent(dollarsToCents(event.payment_amount), dollarsToCents(event.target_amount));
  const place = event.location_type === 'virtual' ? event.online_event_link || 'To Be Decided' : event.event_location || 'To Be Decided';
  const url = `${window.location.origin}${paths.event(event._id)}`;

  return (
    <div className="container-page max-w-5xl py-8 [overflow-wrap:anywhere] md:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Event summary · {KIND_LABELS[event.kind]}</p>
          <h1 className="mt-1 text-3xl font-bold">{event.name}</h1>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.event(event._id)} className={buttonClasses({ variant: 'outline' })}>
            View public page
          </Link>
          {event.editable && (
            <Link to={paths.user.editEvent(event._id)} className={buttonClasses()}>
              EDIT
            </Link>
          )}
        </div>
      </div>
      <CheckoutReturnNotice eventId={event._id} />
      {event.status === 'rejected' && event.rejection_reason && (
        <Alert tone="error" title="Rejected by the review team" className="mb-6">
          {event.rejection_reason} Edit the campaign and resubmit it for review.
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid grid-cols-1 gap-6">
          <img
            src={mediaUrl(event.banner_image_url, '/images/campaign-banner-01.svg')}
            alt={`Banner of ${event.name}`}
            className="aspect-[16/8] w-full rounded-2xl object-cover"
          />
          <section className="card p-6">
            <h2 className="text-lg font-semibold">Description</h2>
            <p className="mt-2 whitespace-pre-line text-ink-700">{event.description}</p>
          </section>
          {event.kind === 'runoff' && (
            <RunoffRanking
              participants={event.participants}
              options={event.runoff_totals ?? []}
              winBy={event.runoff_win_by ?? 'donation_total'}
              result={event.runoff_result}
            />
          )}
          <PostUpdateForm eventId={event._id} published={canPostUpdates(event.status)} />
          <section className="card p-6" aria-labelledby="participants-heading">
            <h2 id="participants-heading" className="text-lg font-semibold">
              Participants
            </h2>
            {event.participants.length ? (
              <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
                {event.participants.map((person) => (
                  <li key={person._id} className="flex items-center gap-3 rounded-xl bg-ink-50 p-3">
                    <Avatar src={mediaUrl(person.profile_image_url) || undefined} className="size-12" />
                    <div className="min-w-0">
                      <p className="truncate font-semibold">{person.full_name}</p>
                      <p className="truncate text-sm text-ink-500">{person.occupation}</p>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-ink-500">No participants yet.</p>
            )}
          </section>
          <section className="card p-6" aria-labelledby="documents-heading">
            <h2 id="documents-heading" className="text-lg font-semibold">
              Documents
            </h2>
            {event.documents.length ? (
              <ul className="mt-3 grid gap-2">
                {event.documents.map((doc) => (
                  <li key={doc._id}>
                    <a href={doc.url} target="_blank" rel="noreferrer" className="font-medium underline">
                      {doc.original_name}
                    </a>{' '}
                    <span className="text-sm text-ink-500">({formatBytes(doc.size)})</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-ink-500">No documents uploaded</p>
            )}
          </section>
        </div>
        <aside className="grid content-start gap-6">
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
      </div>
    </div>
  );
}
