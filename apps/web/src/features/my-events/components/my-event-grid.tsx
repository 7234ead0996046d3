import type { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { canDeleteEvent } from '@pledgeway/domain/schemas/my-events';
import { Link } from 'react-router';
import { CampaignCard } from '@/components/campaign';
import { TrashIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** My Events' card grid: 1 to 3 columns, Edit on every card, Delete only before approval. */
export function MyEventGrid({ events, onDelete }: { events: EventSummaryResponse[]; onDelete(event: EventSummaryResponse): void }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
      {events.map((event) => (
        <li key={event._id}>
          <CampaignCard
            event={event}
            defaultCategory="General"
            headingLevel="h3"
            actions={
              <>
                <Link to={paths.user.editEvent(event._id)} className="btn btn-outline btn-sm" aria-label={`Edit ${event.name}`}>
                  Edit
                </Link>
                {canDeleteEvent(event.status) && (
                  <button type="button" className="btn btn-danger btn-sm" onClick={() => onDelete(event)} aria-label={`Delete ${event.name}`}>
                    <TrashIcon size={16} /> Delete
                  </button>
                )}
              </>
            }
          />
        </li>
      ))}
    </ul>
  );
}
