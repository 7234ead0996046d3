import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import type { FundraisingPageDetail } from '@pledgeway/domain/schemas/fundraising-pages';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { mediaUrl } from '@/lib/format';
import { eventQueryOptions } from '../api/get-event';
import { useFundraisingPage } from '../api/get-fundraising-page';
import { PageProgress } from '../components/fundraising/page-progress';
import { PledgeButton } from '../components/pledge/pledge-action';
import { useLiveTotals } from '../hooks/use-live-totals';
import { rememberPage } from '../lib/page-link';

const FALLBACK_BANNER = '/images/campaign-banner-01.svg';

/** Not found, or hidden by the campaign's host: the server's message says which. */
function PageUnavailable({ error }: { error: Error }) {
  const hidden = error instanceof ApiError && error.data?.code === 'FUNDRAISING_PAGE_HIDDEN';
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className="container-page py-32 text-center">
      <h1 className="text-3xl font-bold">{hidden ? 'This page was hidden' : missing ? 'Fundraising page not found' : 'Failed to load this page'}</h1>
      <p className="mx-auto mt-3 max-w-xl text-ink-600">{hidden || missing ? error.message : 'Please check your connection and try again.'}</p>
      <Link to={paths.events} className={buttonClasses({ className: 'mt-8' })}>
        Browse campaigns
      </Link>
    </div>
  );
}

/** Pledge through this page: the dialog here, or for a runoff (an option to choose) the campaign page carrying the page. */
function PledgeThroughPage({ page, event }: { page: FundraisingPageDetail; event: EventDetailResponse | undefined }) {
  if (page.closed_at) {
    return (
      <>
        <p className="rounded-xl bg-ink-50 p-3 text-sm text-ink-700" role="status">
          This page is closed: it takes no new pledges. What was pledged through it still counts, and the campaign welcomes pledges on its own page.
        </p>
        <Link to={paths.event(page.event_id)} className={buttonClasses({ block: true })}>
          Go to the campaign
        </Link>
      </>
    );
  }
  if (!event || event.kind === 'runoff') {
    return (
      <Link to={paths.eventThroughPage(page.event_id, page._id)} className={buttonClasses({ block: true })}>
        Pledge on the campaign page
      </Link>
    );
  }
  return <PledgeButton event={event} label="Pledge through this page" />;
}

/** /fundraisers/{slug}: a supporter's own page under a campaign; pledges made here count for both. */
export default function FundraisingPage() {
  const { slug = '' } = useParams();
  const query = useFundraisingPage(slug);
  const page = query.data;
  const event = useQuery({ ...eventQueryOptions(page?.event_id ?? ''), enabled: Boolean(page) });
  // The page's raised total and supporters follow its campaign's live stream.
  useLiveTotals(page?.event_id ?? '', Boolean(page) && page?.event.status === 'approved', slug);
  useEffect(() => {
    if (page) document.title = `${page.title} — Pledgeway`;
  }, [page]);
  // Every pledge made from here (after a log-in too) carries this page.
  useEffect(() => {
    if (page && !page.closed_at) rememberPage(page.event_id, page._id);
  }, [page]);
  if (query.isPending) return <FullPageSpinner label="Loading fundraising page" />;
  if (query.isError) return <PageUnavailable error={query.error} />;
  const data = query.data;
  return (
    <article className="pb-20">
      <div className="relative h-56 bg-ink-900 sm:h-72 lg:h-80">
        <img src={mediaUrl(data.image || data.event.banner_image_url, FALLBACK_BANNER)} alt="" className="size-full object-cover opacity-90" />
        <div className="absolute inset-0 bg-gradient-to-t from-ink-900/70 to-ink-900/20" />
      </div>
      <div className="container-page relative -mt-16 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="card p-6 [overflow-wrap:anywhere] sm:p-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Fundraising page</p>
          <h1 className="mt-2 text-3xl font-bold md:text-4xl">{data.title}</h1>
          <div className="mt-4 flex items-center gap-3">
            <Avatar src={data.owner.image} className="size-11" />
            <p className="text-ink-700">
              <span className="font-semibold">{data.owner.name}</span> is raising money for{' '}
              <Link to={paths.event(data.event_id)} className="font-semibold underline hover:text-brand-700">
                {data.event.name}
              </Link>
            </p>
          </div>
          <p className="mt-6 text-lg whitespace-pre-line text-ink-700">{data.story}</p>
        </div>
        <aside className="card grid content-start gap-4 p-6 lg:sticky lg:top-28">
          <PageProgress raised={data.raised} target={data.target_amount} supporters={data.supporters} />
          <PledgeThroughPage page={data} event={event.data} />
          {!data.closed_at && (
            <p className="text-sm text-ink-600">
              Your pledge goes to the campaign and its charity, and is charged only when the event is completed. It counts for this page and for the campaign.
            </p>
          )}
        </aside>
      </div>
    </article>
  );
}
