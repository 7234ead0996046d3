import type { AdminReviewQueueItem } from '@pledgeway/domain/schemas/admin';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { KIND_LABELS, waitingFor } from '../lib/format';

/** The campaigns waiting for review, the longest waiting first; the one under review is marked current. */
export function ReviewQueueNav({ items, currentId }: { items: AdminReviewQueueItem[]; currentId: string | undefined }) {
  return (
    <nav aria-label="Campaigns waiting" className="xl:sticky xl:top-28 xl:self-start">
      <ol className="flex gap-2 overflow-x-auto pb-1 xl:flex-col xl:overflow-visible">
        {items.map((item, position) => (
          <li key={item._id} className="shrink-0 xl:shrink">
            <Link
              to={paths.admin.review(item._id)}
              aria-current={item._id === currentId ? 'page' : undefined}
              className={cn(
                'block w-56 rounded-xl border px-3 py-2 text-sm xl:w-auto',
                item._id === currentId ? 'border-ink-900 bg-ink-900 text-white' : 'border-ink-100 bg-white text-ink-800 hover:border-ink-300',
              )}
            >
              <span className="block truncate font-semibold">
                {position + 1}. {item.name}
              </span>
              <span className={cn('block text-xs', item._id === currentId ? 'text-ink-100' : 'text-ink-600')}>
                {KIND_LABELS[item.kind]} · {item.owner_name} · {waitingFor(item.waiting_since)}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
