import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { Avatar } from '@/components/ui/avatar';
import { mediaUrl } from '@/lib/format';
import { formatBytes } from '@/lib/format';

type ManagedEvent = ManageEventResponse;

/** The participants with their photo, name and occupation. */
export function SummaryParticipants({ event }: { event: ManagedEvent }) {
  return (
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
  );
}

/** The uploaded documents, or "No documents uploaded". */
export function SummaryDocuments({ event }: { event: ManagedEvent }) {
  return (
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
  );
}
