import type { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { cn } from '@/lib/cn';
import { CampaignCard } from './campaign-card';

/** A list of campaign cards, one to three columns wide; each name is an h3 under the list's heading. */
export function CampaignCardGrid({ events, className }: { events: EventSummaryResponse[]; className?: string }) {
  return (
    <ul className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {events.map((event) => (
        <li key={event._id}>
          <CampaignCard event={event} headingLevel="h3" />
        </li>
      ))}
    </ul>
  );
}
