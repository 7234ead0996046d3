import { useState } from 'react';
import type { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { canDeleteEvent } from '@pledgeway/domain/schemas/my-events';
import { Link } from 'react-router';
import { CampaignCard, EmbedSnippets } from '@/components/campaign';
import { Dialog } from '@/components/ui/dialog';
import { TrashIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** Campaigns the public sees: the ones worth embedding or streaming. */
const PUBLISHED: readonly string[] = ['approved', 'freeze', 'completed'];

/** The embed and overlay snippets of one campaign, with the way to the sites allowed to embed it. */
function EmbedDialog({ event, onClose }: { event: EventSummaryResponse; onClose(): void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Embed ${event.name}`}
      description="Copy the code for your site or the address for your stream."
    >
      <EmbedSnippets eventId={event._id} eventName={event.name} />
      <p className="mt-4 text-sm text-ink-600">
        Only the sites you allow can show the embed:{' '}
        <Link to={`${paths.user.eventSummary(event._id)}#embed`} className="font-semibold underline">
          choose them on the event summary
        </Link>
        .
      </p>
    </Dialog>
  );
}

/** My Events' card grid: 1 to 3 columns, Edit on every card, Embed once published, Delete only before approval. */
export function MyEventGrid({ events, onDelete }: { events: EventSummaryResponse[]; onDelete(event: EventSummaryResponse): void }) {
  const [embedding, setEmbedding] = useState<EventSummaryResponse | null>(null);
  return (
    <>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
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
                  {PUBLISHED.includes(event.status) && (
                    <button type="button" className="btn btn-outline btn-sm" onClick={() => setEmbedding(event)} aria-label={`Embed ${event.name}`}>
                      Embed
                    </button>
                  )}
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
      {embedding && <EmbedDialog event={embedding} onClose={() => setEmbedding(null)} />}
    </>
  );
}
