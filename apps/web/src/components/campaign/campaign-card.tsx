import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { cardProgressPercent, dollarsToCents, formatDollars } from '@pledgeway/domain/money';
import { campaignTimeLabel, endedLabel, isUpcoming } from '@pledgeway/domain/dates';
import { CardCountdown } from './deadline-countdown';
import { formatDate, mediaUrl } from '@/lib/format';
import { useNow } from '@/lib/hydration';
import { StatusBadge } from '@/components/ui/badge';
import { ProgressBar } from '@/components/ui/progress-bar';

export const FALLBACK_BANNER = '/images/campaign-banner-01.svg';

export interface CampaignCardProps {
  event: EventSummaryResponse;
  /** Label when the campaign has no category: "Featured" on public lists, "General" on My Events. */
  defaultCategory?: string;
  /** Extra buttons (e.g. Edit on /user routes); rendered above the card-wide link so they stay clickable. */
  actions?: ReactNode;
  /** Heading level of the campaign name, so cards fit the page outline. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/**
 * The campaign card of docs/product.md#campaign-lists. The whole card is clickable through a
 * stretched link on the name (one link per card for screen readers, no nested interactive
 * elements); the scrollable description and the actions sit above that link.
 */
export function CampaignCard({ event, defaultCategory = 'Featured', actions, headingLevel = 'h3', className = '' }: CampaignCardProps) {
  const Heading = headingLevel;
  const category = event.categories.find((value) => value.trim()) ?? defaultCategory;
  const percent = cardProgressPercent(dollarsToCents(event.payment_amount), dollarsToCents(event.target_amount));
  const location = event.location_type === 'virtual' ? 'Virtual' : event.event_location || 'Location to be announced';
  const descriptionId = `campaign-${event._id}-description`;
  const banner = mediaUrl(event.banner_image_url || event.banner_image, FALLBACK_BANNER);
  const now = useNow();
  const upcoming = isUpcoming(event.start_date, now);

  return (
    <article
      className={`card group relative flex h-full min-w-0 flex-col overflow-hidden [overflow-wrap:anywhere] transition-shadow hover:shadow-lg focus-within:shadow-lg ${className}`}
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-ink-100">
        <img
          src={banner}
          alt=""
          loading="lazy"
          decoding="async"
          width={640}
          height={360}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
        />
        <span className="absolute top-3 left-3 rounded-full bg-brand-500 px-3 py-1 text-xs font-bold tracking-wide text-ink-900 uppercase shadow-sm">
          {category}
        </span>
        <StatusBadge status={event.status} className="absolute top-3 right-3 shadow-sm" />
      </div>

      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-lg leading-snug font-semibold">
          <Link to={`/events/${event._id}`} className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none">
            {event.name}
          </Link>
        </Heading>

        {/* Exactly four 20 px lines tall, so no line is cut in half above the scroll. */}
        <div
          id={descriptionId}
          role="region"
          aria-label={`Description of ${event.name}`}
          tabIndex={0}
          className="relative z-10 h-20 overflow-y-auto pr-1 text-sm leading-5 text-ink-600 focus-visible:outline-2"
        >
          {event.description}
        </div>

        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-ink-500">Host</dt>
          <dd className="truncate font-medium text-ink-800">{event.host.full_name || 'Unknown'}</dd>
          <dt className="text-ink-500">Location</dt>
          <dd className="truncate font-medium text-ink-800">{location}</dd>
          <dt className="text-ink-500">Date</dt>
          <dd className="font-medium text-ink-800">{formatDate(event.event_date)}</dd>
        </dl>

        <div className="mt-auto space-y-2 pt-2">
          <p className="flex items-baseline justify-between gap-2 text-sm">
            <span>
              <span className="font-bold text-ink-900">{formatDollars(event.payment_amount, { whole: true })}</span>{' '}
              <span className="text-ink-500">raised of {formatDollars(event.target_amount, { whole: true })}</span>
            </span>
            <span className="font-semibold text-ink-700">{percent}%</span>
          </p>
          <ProgressBar value={percent} label={`${event.name} funding progress`} valueText={`${percent}% funded`} />
          <div className="flex items-center justify-between gap-2">
            <p className={upcoming ? 'text-sm font-semibold text-brand-800' : 'text-sm font-medium text-ink-600'}>
              {event.deadline && !upcoming && !endedLabel(event.status) ? <CardCountdown deadline={event.deadline} /> : campaignTimeLabel(event, now)}
            </p>
            {actions ? <div className="relative z-10 flex gap-2">{actions}</div> : null}
          </div>
        </div>
      </div>
    </article>
  );
}

/** Placeholder with the card's proportions while a list loads. */
export function CampaignCardSkeleton() {
  return (
    <div className="card flex h-full flex-col overflow-hidden" aria-hidden="true">
      <div className="aspect-[16/9] animate-pulse bg-ink-100 motion-reduce:animate-none" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="h-5 w-3/4 animate-pulse rounded bg-ink-100 motion-reduce:animate-none" />
        <div className="h-20 animate-pulse rounded bg-ink-50 motion-reduce:animate-none" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-ink-100 motion-reduce:animate-none" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-ink-100 motion-reduce:animate-none" />
        <div className="mt-auto h-2 animate-pulse rounded-full bg-ink-100 motion-reduce:animate-none" />
      </div>
    </div>
  );
}
