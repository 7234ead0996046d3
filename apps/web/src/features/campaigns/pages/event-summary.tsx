import { Link, useParams } from 'react-router';
import { KIND_LABELS } from '@pledgeway/domain/campaign-kinds';
import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { canPostUpdates } from '@pledgeway/domain/update-rules';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/format';
import { ExportSupportersButton } from '../components/export-supporters-button';
import { useManagedEvent } from '../api/get-managed-event';
import { CheckoutReturnNotice } from '../components/checkout-return-notice';
import { EmbedSettings } from '../components/embeds/embed-settings';
import { ManagedFundraisingPages } from '../components/fundraising/managed-fundraising-pages';
import { PromotionRequests } from '../components/promotions/promotion-requests';
import { RunoffRanking } from '../components/runoff/runoff-ranking';
import { SummaryAside } from '../components/summary/summary-aside';
import { SummaryDocuments, SummaryParticipants } from '../components/summary/summary-sections';
import { PostUpdateForm } from '../components/updates/post-update-form';

/** Promotions are asked for published campaigns only: before that, there is nothing to answer. */
const PUBLISHED: string[] = ['approved', 'freeze', 'completed', 'close'];

/** The name, the kind, and the way to the public page and the edit form. */
function SummaryHeader({ event }: { event: ManageEventResponse }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Event summary · {KIND_LABELS[event.kind]}</p>
        <h1 className="mt-1 text-3xl font-bold">{event.name}</h1>
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.event(event._id)} className={buttonClasses({ variant: 'outline' })}>
          View public page
        </Link>
        <ExportSupportersButton eventId={event._id} />
        {event.editable && (
          <Link to={paths.user.editEvent(event._id)} className={buttonClasses()}>
            EDIT
          </Link>
        )}
      </div>
    </div>
  );
}

/** The main column: banner, description, ranking, updates, participants, documents and promoters. */
function SummaryMain({ event }: { event: ManageEventResponse }) {
  return (
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
      <SummaryParticipants event={event} />
      <SummaryDocuments event={event} />
      {PUBLISHED.includes(event.status) && <PromotionRequests eventId={event._id} />}
      {PUBLISHED.includes(event.status) && <ManagedFundraisingPages eventId={event._id} />}
      {PUBLISHED.includes(event.status) && <EmbedSettings eventId={event._id} eventName={event.name} />}
    </div>
  );
}

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

  return (
    <div className="container-page max-w-5xl py-8 [overflow-wrap:anywhere] md:py-12">
      <SummaryHeader event={event} />
      <CheckoutReturnNotice eventId={event._id} />
      {event.status === 'rejected' && event.rejection_reason && (
        <Alert tone="error" title="Rejected by the review team" className="mb-6">
          {event.rejection_reason} Edit the campaign and resubmit it for review.
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <SummaryMain event={event} />
        <SummaryAside event={event} />
      </div>
    </div>
  );
}
