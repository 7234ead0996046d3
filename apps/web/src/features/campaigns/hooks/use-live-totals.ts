import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LiveTotals } from '@pledgeway/domain/schemas/pledges';
import { eventQueryOptions } from '../api/get-event';
import { supportersQueryKey } from '../api/get-supporters';

const RECONNECT_MS = 5_000;

/**
 * Keeps the campaign page's total, supporters and list current: GET /api/events/{id}/live
 * (server-sent events) patches the cached campaign and refreshes the supporters list. EventSource
 * reconnects by itself after a drop; when the browser gives up (the stream was refused) it is
 * opened again after a pause.
 */
export function useLiveTotals(eventId: string, enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const onTotals = (message: MessageEvent<string>) => {
      const parsed = LiveTotals.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      const totals = parsed.data;
      const key = eventQueryOptions(eventId).queryKey;
      const current = queryClient.getQueryData(key);
      const changed = !current || current.payment_amount !== totals.payment_amount || current.pledges.count !== totals.pledge_count;
      queryClient.setQueryData(key, (event) =>
        event
          ? {
              ...event,
              payment_amount: totals.payment_amount,
              supporters: totals.supporters,
              status: totals.status as typeof event.status,
              pledges: { total: totals.payment_amount, count: totals.pledge_count },
            }
          : event,
      );
      if (changed) void queryClient.invalidateQueries({ queryKey: supportersQueryKey(eventId) });
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
    };
  }, [eventId, enabled, queryClient]);
}
