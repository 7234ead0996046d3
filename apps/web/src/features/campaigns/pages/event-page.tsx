import { lazy, Suspense, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { statusNotice } from '@pledgeway/domain/status';
import { Alert } from '@/components/ui/alert';
import { FullPageSpinner } from '@/components/ui/spinner';
import { mediaUrl } from '@/lib/format';
import { useEvent } from '../api/get-event';
import { EventDocuments } from '../components/event-documents';
import { EventLoadError } from '../components/event-page/event-load-error';
import { EventFacts, EventTags } from '../components/event-page/event-facts';
import { CharityBlock, EventPeople } from '../components/event-page/event-people';
import { EventSidePanel } from '../components/event-page/event-side-panel';
import { SupportersList } from '../components/pledge/supporters-list';
import { CampaignUpdates, MoreCampaigns, RunoffSection } from '../components/deferred-sections';
import { rememberPage } from '../lib/page-link';
import { rememberVia } from '../lib/promotion-via';

const FALLBACK_BANNER = '/images/campaign-banner-01.svg';

// Below the supporters, and shown only when someone promotes the campaign: loaded after the page.
const PromotedBy = lazy(() => import('../components/promotions/promoted-by'));
// The leaderboard of supporters' fundraising pages, loaded after the page.
const FundraisingLeaderboard = lazy(() => import('../components/fundraising/fundraising-leaderboard'));
// Sponsors' matches ("Matched by {sponsor}: $X of $Y"), with their parsed figures: loaded after the page.
const CampaignMatches = lazy(() => import('../components/matching/campaign-matches'));

/** The top of the main column: the campaign's status, name, description, date and place. */
function EventIntro({ event }: { event: EventDetailResponse }) {
  const notice = statusNotice(event.status);
  return (
    // On a wide screen this and EventDetails read as one card beside the side panel.
    <div className="card p-6 [overflow-wrap:anywhere] sm:p-8 lg:rounded-b-none lg:border-b-0 lg:pb-0 lg:shadow-none">
      {notice && (
        <Alert tone="info" className="mb-4">
          {notice}
        </Alert>
      )}
      <EventTags event={event} />
      <h1 className="mt-4 text-3xl font-bold md:text-4xl">{event.name}</h1>
      <p className="mt-4 text-lg whitespace-pre-line text-ink-700">{event.description}</p>
      <EventFacts event={event} />
    </div>
  );
}

/** The rest of the main column: the runoff, who is in it, its charity, supporters, promoters and updates. */
function EventDetails({ event }: { event: EventDetailResponse }) {
  return (
    <div className="card p-6 [overflow-wrap:anywhere] sm:p-8 lg:col-start-1 lg:row-start-2 lg:rounded-t-none lg:border-t-0 lg:pt-0 [&>:first-child]:mt-0 lg:[&>:first-child]:mt-8">
      {event.kind === 'runoff' && <RunoffSection event={event} />}
      <div className="mt-8 grid gap-4">
        <Suspense fallback={null}>
          <CampaignMatches event={event} />
        </Suspense>
        <EventPeople event={event} />
        <EventDocuments documents={event.documents} />
        {event.charity && <CharityBlock event={event} />}
        <SupportersList eventId={event._id} />
        <Suspense fallback={null}>
          <FundraisingLeaderboard event={event} />
        </Suspense>
        <Suspense fallback={null}>
          <PromotedBy eventId={event._id} />
        </Suspense>
      </div>
      <CampaignUpdates eventId={event._id} />
    </div>
  );
}

export default function EventPage() {
  const { eventId = '' } = useParams();
  const [search] = useSearchParams();
  const via = search.get('via');
  const page = search.get('page');
  const query = useEvent(eventId);
  // Opened through a promoter's link: a pledge made on this page is credited to them.
  useEffect(() => rememberVia(eventId, via), [eventId, via]);
  // Opened through a fundraising page: a pledge made on this page is attributed to it.
  useEffect(() => rememberPage(eventId, page), [eventId, page]);
  if (query.isPending) return <FullPageSpinner label="Loading campaign" />;
  if (query.isError) return <EventLoadError error={query.error} />;
  const event = query.data;

  return (
    <article className="pb-20">
      <div className="relative h-64 bg-ink-900 sm:h-80 lg:h-[26rem]">
        <img src={mediaUrl(event.banner_image_url, FALLBACK_BANNER)} alt="" fetchPriority="high" className="size-full object-cover opacity-90" />
        <div className="absolute inset-0 bg-gradient-to-t from-ink-900/70 via-ink-900/10 to-ink-900/40" />
      </div>
      {/* On a phone the raised total and Pledge come right after what the campaign is, not below everything. */}
      <div className="container-page relative -mt-20 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:gap-y-0">
        <EventIntro event={event} />
        <EventSidePanel event={event} />
        <EventDetails event={event} />
      </div>
      <div className="container-page">
        <MoreCampaigns currentId={event._id} />
      </div>
    </article>
  );
}
