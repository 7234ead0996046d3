import { formatDollars } from '@pledgeway/domain/money';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useDisplayTimeZone } from '@/lib/hydration';
import { useSupporters } from '../../api/get-supporters';

/** Supporters newest first, 20 at a time; anonymous pledges show "Anonymous". Refreshed live. */
export function SupportersList({ eventId }: { eventId: string }) {
  const query = useSupporters(eventId);
  const timeZone = useDisplayTimeZone();
  const supporters = query.data?.pages.flatMap((page) => page.data.supporters) ?? [];
  const count = query.data?.pages[0]?.data.count ?? 0;
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="supporters-heading">
      <h2 id="supporters-heading" className="text-lg font-semibold">
        Supporters {query.isSuccess && <span className="text-ink-500">({count})</span>}
      </h2>
      {query.isPending && <Spinner label="Loading supporters" />}
      {query.isError && <p className="mt-2 text-ink-600">Supporters could not be loaded.</p>}
      {query.isSuccess && supporters.length === 0 && <p className="mt-2 text-ink-600">No pledges yet. Be the first to support this campaign.</p>}
      {supporters.length > 0 && (
        <ul className="mt-3 grid gap-3" aria-live="polite">
          {supporters.map((supporter) => (
            <li key={supporter._id} className="rounded-xl bg-ink-50 p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">{supporter.name ?? 'Anonymous'}</span>
                <span className="font-semibold text-brand-800">{formatDollars(supporter.amount)}</span>
              </div>
              {supporter.message && <p className="mt-1 text-ink-700">{supporter.message}</p>}
              <p className="mt-1 text-xs text-ink-500">{formatDate(supporter.created_at, timeZone)}</p>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="outline" size="sm" className="mt-3" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Show more supporters
        </Button>
      )}
    </section>
  );
}
