import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveTotals } from '@pledgeway/domain/schemas/pledges';
import { eventQueryOptions } from '../api/get-event';
import { queryKeys } from '@/lib/query-keys';
import { browserLiveReads } from '@/lib/live/browser-live-reads';
import { supportersQueryKey } from '../api/get-supporters';

/** The lists a live page reads again, each at most once every few seconds (decision 129). */
type LiveList = 'matches' | 'supporters' | 'promotions' | 'fundraising-pages' | 'fundraising-page';

const RECONNECT_MS = 5_000;

/**
 * The fields this page uses of a live message, checked by hand: the zod schema would bring zod and
 * the domain schemas (about 25 KB gzip) into the event page's first load.
 */
function isLiveTotals(value: unknown): value is Pick<LiveTotals, 'payment_amount' | 'supporters' | 'pledge_count' | 'status' | 'options'> {
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

/**
 * Keeps the campaign page's total, supporters and list current (and a fundraising page's own figures, given its slug): GET /api/events/{id}/live
 * (server-sent events) patches the cached campaign and refreshes the supporters list and the matches. EventSource
 * reconnects by itself after a drop; when the browser gives up (the stream was refused) it is
 * opened again after a pause.
 */
export function useLiveTotals(eventId: string, enabled = true, fundraisingPageSlug?: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const { reads, dispose } = browserLiveReads<LiveList>((list) => {
      const queryKey = {
        matches: queryKeys.events.matches(eventId),
        supporters: supportersQueryKey(eventId),
        promotions: queryKeys.events.promotions(eventId),
        'fundraising-pages': queryKeys.events.fundraisingPages(eventId),
        'fundraising-page': queryKeys.fundraisingPages.detail(fundraisingPageSlug ?? ''),
      }[list];
      void queryClient.invalidateQueries({ queryKey, exact: true });
    });
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let firstMessage = true;

    const onTotals = (message: MessageEvent<string>) => {
      const totals: unknown = JSON.parse(message.data);
      if (!isLiveTotals(totals)) return;
      const key = eventQueryOptions(eventId).queryKey;
      const current = queryClient.getQueryData(key);
      // The stream opens with the totals as they are; the page was rendered from them moments
      // before, so when they match, nothing is re-rendered or read again right after it loads.
      const connectSnapshot = firstMessage;
      firstMessage = false;
      if (
        connectSnapshot &&
        current &&
        current.payment_amount === totals.payment_amount &&
        current.pledges.count === totals.pledge_count &&
        current.supporters === totals.supporters &&
        current.status === totals.status &&
        JSON.stringify(current.runoff_totals ?? []) === JSON.stringify(totals.options)
      )
        return;
      const changed = !current || current.payment_amount !== totals.payment_amount || current.pledges.count !== totals.pledge_count;
      queryClient.setQueryData(key, (event) =>
        event
          ? {
              ...event,
              payment_amount: totals.payment_amount,
              supporters: totals.supporters,
              status: totals.status as typeof event.status,
              pledges: { total: totals.payment_amount, count: totals.pledge_count },
              // A runoff's options: the ranking re-sorts from these on every change.
              runoff_totals: totals.options,
            }
          : event,
      );
      // A sponsor's match so far follows the pledges counted, and a new offer changes no total: read them on every message.
      reads.request('matches');
      if (changed) {
        reads.request('supporters');
        // A pledge through a promoter's link moves their credited total too.
        reads.request('promotions');
        // And a pledge through a fundraising page moves the page's line of the leaderboard.
        reads.request('fundraising-pages');
        // A fundraising page's own screen shows its line of it.
        if (fundraisingPageSlug) reads.request('fundraising-page');
      }
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
      dispose();
    };
  }, [eventId, enabled, fundraisingPageSlug, queryClient]);
}
