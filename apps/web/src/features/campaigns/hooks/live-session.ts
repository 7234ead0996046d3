import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { browserLiveReads } from '@/lib/live/browser-live-reads';
import { createLivePage, type LiveCacheShapes, type LiveList, type LiveMessage, type LivePageCache } from '@/lib/live/live-page';
import { queryKeys } from '@/lib/query-keys';
import { eventQueryOptions } from '../api/get-event';
import { supportersQueryKey } from '../api/get-supporters';

const RECONNECT_MS = 5_000;

/**
 * The fields this page needs of a live message, checked by hand: the zod schema would bring zod and
 * the domain schemas (about 25 KB gzip) into the event page's first load.
 */
function isLiveMessage(value: unknown): value is LiveMessage {
  const totals = value as Record<string, unknown> | null;
  return (
    typeof totals === 'object' &&
    totals !== null &&
    typeof totals.payment_amount === 'number' &&
    typeof totals.supporters === 'number' &&
    typeof totals.pledge_count === 'number' &&
    typeof totals.status === 'string' &&
    Array.isArray(totals.options)
  );
}

/** The screen's query cache, by the lists the live page knows. */
function queryCache(
  queryClient: QueryClient,
  eventId: string,
  fundraisingPageSlug: string | undefined,
): { cache: LivePageCache; keyOf: (list: LiveList) => QueryKey; cachedOf: (queryHash: string) => keyof LiveCacheShapes | undefined } {
  const keys: Partial<Record<keyof LiveCacheShapes, QueryKey>> = {
    event: eventQueryOptions(eventId).queryKey,
    supporters: supportersQueryKey(eventId),
    matches: queryKeys.events.matches(eventId),
    promotions: queryKeys.events.promotions(eventId),
    'fundraising-pages': queryKeys.events.fundraisingPages(eventId),
    // Only a fundraising page's own screen follows its line.
    ...(fundraisingPageSlug ? { 'fundraising-page': queryKeys.fundraisingPages.detail(fundraisingPageSlug) } : {}),
  };
  const cache: LivePageCache = {
    get: (key) => {
      const queryKey = keys[key];
      return queryKey ? queryClient.getQueryData(queryKey) : undefined;
    },
    set: (key, value) => {
      const queryKey = keys[key];
      if (queryKey) queryClient.setQueryData<unknown>(queryKey, () => value);
    },
  };
  const byHash = new Map(Object.entries(keys).map(([key, queryKey]) => [hashKey(queryKey), key as keyof LiveCacheShapes]));
  return { cache, keyOf: (list) => keys[list] ?? [], cachedOf: (queryHash) => byHash.get(queryHash) };
}

/**
 * Opens a live screen's stream (use-live-totals.ts) and answers the function that closes it. Loaded
 * after the page, so the live logic is not part of its initial JavaScript.
 */
export function openLiveSession(queryClient: QueryClient, eventId: string, fundraisingPageSlug: string | undefined): () => void {
  const { cache, keyOf, cachedOf } = queryCache(queryClient, eventId, fundraisingPageSlug);
  const { reads, dispose } = browserLiveReads<LiveList>((list) => {
    const queryKey = keyOf(list);
    if (queryKey.length) void queryClient.invalidateQueries({ queryKey, exact: true });
  });
  const page = createLivePage(cache, reads);
  // A read's answer may predate the messages that came while it was on its way (live-page.ts).
  const stopWatchingReads = queryClient.getQueryCache().subscribe((change) => {
    if (change.type !== 'updated') return;
    const key = cachedOf(change.query.queryHash);
    if (!key) return;
    const { action } = change;
    if (action.type === 'fetch') page.readStarted(key);
    else if (action.type === 'success' && !action.manual) page.readAnswered(key);
    else if (change.query.state.fetchStatus === 'idle') page.readEnded(key);
  });
  // The reads the screen sent before this code was loaded are on their way too.
  for (const query of queryClient.getQueryCache().getAll()) {
    const key = cachedOf(query.queryHash);
    if (key && query.state.fetchStatus === 'fetching') page.readStarted(key);
  }
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const onTotals = (message: MessageEvent<string>) => {
    const totals: unknown = JSON.parse(message.data);
    if (isLiveMessage(totals)) page.receive(totals);
  };

  const open = () => {
    source = new EventSource(`/api/events/${eventId}/live`);
    source.addEventListener('totals', onTotals as EventListener);
    source.onerror = () => {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      retry = setTimeout(open, RECONNECT_MS);
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
    stopWatchingReads();
    dispose();
  };
}
