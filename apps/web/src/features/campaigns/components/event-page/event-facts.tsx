import { KIND_LABELS } from '@pledgeway/domain/campaign-kinds';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { StatusBadge } from '@/components/ui/badge';
import { CalendarIcon, GlobeIcon } from '@/components/ui/icons';
import { eventInstant, formatDate, formatInstant, formatTime } from '@/lib/format';
import { useDisplayTimeZone } from '@/lib/hydration';

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

/** The kind, the categories and the status badge above the name. */
export function EventTags({ event }: { event: EventDetailResponse }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="rounded-full bg-ink-900 px-3 py-1 text-xs font-semibold text-white">{KIND_LABELS[event.kind]}</span>
      {event.categories.map((category) => (
        <span key={category} className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-ink-800">
          {category}
        </span>
      ))}
      <StatusBadge status={event.status} />
    </div>
  );
}

/**
 * The event's date and time, with its zone named: UTC as the server renders it, then the viewer's
 * own zone once hydrated (the same as the deadline beside it). A date without a time is a day.
 */
function EventWhen({ date, time }: { date: string | null; time: string | null }) {
  const timeZone = useDisplayTimeZone();
  const instant = eventInstant(date, time);
  if (!instant) return <>{`${formatDate(date)} ${formatTime(time)}`.trim()}</>;
  return <time dateTime={instant}>{formatInstant(instant, timeZone)}</time>;
}

/** Date and time, and the place. */
export function EventFacts({ event }: { event: EventDetailResponse }) {
  return (
    <dl className="mt-6 grid gap-4 rounded-2xl bg-ink-50 p-5 sm:grid-cols-2">
      {/* Each group is a div of one dt and one dd (what a definition list may hold); the icon sits in the dt. */}
      <div className="relative pl-8">
        <dt className="text-sm font-semibold text-ink-500">
          <CalendarIcon className="absolute top-0.5 left-0 size-5 text-brand-700" aria-hidden="true" />
          Date and time
        </dt>
        <dd className="font-medium">
          <EventWhen date={event.event_date} time={event.event_time} />
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
  );
}
