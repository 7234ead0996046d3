import { Link, useParams } from 'react-router';
import { campaignTimeLabel, isUpcoming } from '@pledgeway/domain/dates';
import { PageCountdown } from '@/components/campaign/deadline-countdown';
import { dollarsToCents, exactProgressPercent, formatDollars } from '@pledgeway/domain/money';
import { KIND_LABELS } from '@pledgeway/domain/campaign-kinds';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { CampaignCard } from '@/components/campaign/campaign-card';
import { Alert } from '@/components/ui/alert';
import { StatusBadge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { CalendarIcon, GlobeIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatTime, mediaUrl } from '@/lib/format';
import { useActiveEvents } from '../api/get-active-events';
import { useEvent } from '../api/get-event';
import { EventDocuments } from '../components/event-documents';
import { PersonBlock } from '../components/person-block';
import { PledgeAction } from '../components/pledge/pledge-action';
import { RunoffOptions, RunoffRules } from '../components/runoff/runoff-options';
import { RunoffRanking } from '../components/runoff/runoff-ranking';
import { SupportersList } from '../components/pledge/supporters-list';
import { ShareButtons } from '../components/share-buttons';
import { CampaignUpdates } from '../components/updates/campaign-updates';

const FALLBACK_BANNER = '/images/campaign-banner-01.svg';

/** The place of the event: the address, the link of a virtual event, or "Not defined". */
function Where({ event }: { event: EventDetailResponse }) {
  if (event.location_type === 'virtual') {
    return event.online_event_link ? (
      <a href={event.online_event_link} target="_blank" rel="noopener noreferrer" className="break-all underline">
        {event.online_event_link}
      </a>
    ) : (
      <>Not defined</>
    );
  }
  return <>{event.event_location || 'Not defined'}</>;
}

function MoreCampaigns({ currentId }: { currentId: string }) {
  const active = useActiveEvents(4);
  const others = (active.data ?? []).filter((item) => item._id !== currentId).slice(0, 3);
  if (!others.length) return null;
  return (
    <section aria-labelledby="more-heading" className="mt-16">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="more-heading" className="text-2xl font-bold">
          More campaigns
        </h2>
        <Link to={paths.events} className="font-semibold underline">
          See all campaigns
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {others.map((item) => (
          <CampaignCard key={item._id} event={item} />
        ))}
      </div>
    </section>
  );
}

export default function EventPage() {
  const { eventId = '' } = useParams();
  const query = useEvent(eventId);
  if (query.isPending) return <FullPageSpinner label="Loading campaign" />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="container-page py-24 text-center">
        <h1 className="text-3xl font-bold">{notFound ? 'Event not found' : 'Failed to load event details'}</h1>
        <p className="mt-3 text-ink-600">{notFound ? 'This campaign does not exist or is not public.' : 'Please check your connection and try again.'}</p>
        <Link to={paths.events} className={buttonClasses({ className: 'mt-8' })}>
          Browse campaigns
        </Link>
      </div>
    );
  }
  const event = query.data;
  // Money Bomb and Crowdfunding count down to the deadline at which their pledges are charged.
  const hasCountdown = Boolean(event.deadline) && !isUpcoming(event.start_date);
  const percent = exactProgressPercent(dollarsToCents(event.payment_amount), dollarsToCents(event.target_amount));
  const url = typeof window === 'undefined' ? '' : `${window.location.origin}${paths.event(event._id)}`;

  return (
    <article className="pb-20">
      <div className="relative h-64 bg-ink-900 sm:h-80 lg:h-[26rem]">
        <img src={mediaUrl(event.banner_image_url, FALLBACK_BANNER)} alt="" className="size-full object-cover opacity-90" />
        <div className="absolute inset-0 bg-gradient-to-t from-ink-900/70 via-ink-900/10 to-ink-900/40" />
      </div>
      <div className="container-page relative -mt-20 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="card p-6 [overflow-wrap:anywhere] sm:p-8">
          {event.status !== 'approved' && (
            <Alert tone="info" className="mb-4">
              This campaign is {event.status === 'pending' ? 'awaiting review' : event.status}.{' '}
              {event.status === 'pending' || event.status === 'rejected' ? 'Only you and the admins can see it.' : ''}
            </Alert>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-ink-900 px-3 py-1 text-xs font-semibold text-white">{KIND_LABELS[event.kind]}</span>
            {event.categories.map((category) => (
              <span key={category} className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-ink-800">
                {category}
              </span>
            ))}
            <StatusBadge status={event.status} />
          </div>
          <h1 className="mt-4 text-3xl font-bold break-words md:text-4xl">{event.name}</h1>
          <p className="mt-4 text-lg whitespace-pre-line text-ink-700">{event.description}</p>
          <dl className="mt-6 grid gap-4 rounded-2xl bg-ink-50 p-5 sm:grid-cols-2">
            {/* Each group is a div of one dt and one dd (what a definition list may hold); the icon sits in the dt. */}
            <div className="relative pl-8">
              <dt className="text-sm font-semibold text-ink-500">
                <CalendarIcon className="absolute top-0.5 left-0 size-5 text-brand-700" aria-hidden="true" />
                Date and time
              </dt>
              <dd className="font-medium">
                {formatDate(event.event_date)} {formatTime(event.event_time)}
              </dd>
            </div>
            <div className="relative min-w-0 pl-8">
              <dt className="text-sm font-semibold text-ink-500">
                <GlobeIcon className="absolute top-0.5 left-0 size-5 text-brand-700" aria-hidden="true" />
                {event.location_type === 'virtual' ? 'Online event' : 'Location'}
              </dt>
              <dd className="font-medium">
                <Where event={event} />
              </dd>
            </div>
          </dl>
          {event.kind === 'runoff' && (
            <div className="mt-8 grid gap-6">
              <RunoffRules event={event} />
              <RunoffRanking
                participants={event.participants}
                options={event.runoff_totals ?? []}
                winBy={event.runoff_win_by ?? 'donation_total'}
                result={event.runoff_result}
              />
              <RunoffOptions event={event} />
            </div>
          )}
          <div className="mt-8 grid gap-4">
            <PersonBlock
              name={event.host.full_name}
              role={event.host.about}
              about={event.host.about_you}
              email={event.host.email}
              occupation={event.host.occupation}
              company={event.host.company_name}
              image={event.host.profile_image}
              hostPage={event.owner_id ? paths.host(event.owner_id) : undefined}
            />
            {event.kind !== 'runoff' &&
              event.participants.map((person) => (
                <PersonBlock
                  key={person._id}
                  name={person.full_name}
                  role={person.about}
                  about={person.about_participant}
                  email={person.email}
                  occupation={person.occupation}
                  company={person.company_name}
                  image={person.profile_image_url}
                  accepted={person.accepted}
                />
              ))}
            <EventDocuments documents={event.documents} />
            {event.charity && (
              <section className="card flex items-center gap-4 p-5 sm:p-6" aria-labelledby="charity-heading">
                {event.charity.logo && <img src={mediaUrl(event.charity.logo)} alt="" className="size-16 rounded-xl object-contain" />}
                <div>
                  <h2 id="charity-heading" className="text-lg font-semibold">
                    Beneficiary: {event.charity.name}
                  </h2>
                  <p className="text-sm text-ink-600">Charged pledges, less fees, are passed on to this charity.</p>
                  {event.charity.link && (
                    <a href={event.charity.link} target="_blank" rel="noopener noreferrer" className="text-sm font-semibold underline">
                      Visit the charity's website
                    </a>
                  )}
                </div>
              </section>
            )}
            <SupportersList eventId={event._id} />
          </div>
          <CampaignUpdates eventId={event._id} />
        </div>
        <aside className="lg:sticky lg:top-28 lg:self-start">
          <div className="card grid gap-4 p-6">
            <p>
              <span className="text-3xl font-bold text-ink-900">{formatDollars(event.payment_amount)}</span>
              <span className="text-ink-500"> raised of {formatDollars(event.target_amount)} goal</span>
            </p>
            <ProgressBar value={Number(percent)} label={`Raised toward the ${formatDollars(event.target_amount)} goal`} valueText={`${percent}% funded`} />
            <div className="flex justify-between text-sm font-semibold">
              <span>{percent}%</span>
              {!hasCountdown && <span>{campaignTimeLabel(event)}</span>}
            </div>
            {hasCountdown && <PageCountdown deadline={event.deadline!} fundingModel={event.funding_model} />}
            <p className="text-sm text-ink-500">
              {event.supporters} {event.supporters === 1 ? 'supporter' : 'supporters'}
            </p>
            <PledgeAction event={event} />
            <div>
              <p className="mb-2 text-sm font-semibold text-ink-600">Share</p>
              <ShareButtons url={url} title={event.name} />
            </div>
          </div>
        </aside>
      </div>
      <div className="container-page">
        <MoreCampaigns currentId={event._id} />
      </div>
    </article>
  );
}
