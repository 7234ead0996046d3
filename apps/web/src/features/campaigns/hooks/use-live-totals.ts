import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps a live screen current (the campaign page, the overlay, the embed, a fundraising page given
 * its slug): GET /api/events/{id}/live (server-sent events) brings the figures and what changed of
 * the supporters, the matches, the leaderboard and the promoters' credit, applied to the cache
 * without a read; after a gap, each list is read once, at most once per list every few seconds and
 * not while the tab is hidden (decision 129). EventSource reconnects by itself after a drop; when
 * the browser gives up (the stream was refused) it is opened again after a pause.
 */
export function useLiveTotals(eventId: string, enabled = true, fundraisingPageSlug?: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let close: (() => void) | undefined;
    let stopped = false;
    // The live logic is loaded after the page: the stream's first message brings whatever changed meanwhile.
    void import('./live-session')
      .then(({ openLiveSession }) => {
        if (!stopped) close = openLiveSession(queryClient, eventId, fundraisingPageSlug);
      })
      // A page whose live code could not be fetched (a deploy replaced it) stays as it was rendered.
      .catch(() => undefined);
    return () => {
      stopped = true;
      close?.();
    };
  }, [eventId, enabled, fundraisingPageSlug, queryClient]);
}
