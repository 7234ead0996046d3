import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { formatBytes } from '@/lib/format';

/** The campaign's documents on its public page (nothing when it has none). */
export function EventDocuments({ documents }: { documents: EventDetailResponse['documents'] }) {
  if (!documents.length) return null;
  return (
    <section className="card p-5 [overflow-wrap:anywhere] sm:p-6" aria-labelledby="event-documents-heading">
      <h2 id="event-documents-heading" className="text-lg font-semibold">
        Documents
      </h2>
      <ul className="mt-3 grid gap-2">
        {documents.map((doc) => (
          <li key={doc._id}>
            <span>
              <a href={doc.url} target="_blank" rel="noreferrer" className="font-medium underline">
                {doc.original_name}
              </a>{' '}
              <span className="text-sm text-ink-500">({formatBytes(doc.size)})</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
