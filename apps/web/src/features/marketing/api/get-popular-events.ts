import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The Popular Events slider shows at most 9 campaigns (docs/product.md#9-limits-and-constants). */
export const POPULAR_EVENTS_LIMIT = 9;

export function getPopularEvents(signal?: AbortSignal): Promise<EventSummaryResponse[]> {
  return api.get(publicSchema('EventSummaryList'), `/events/allActive?sort=most_raised&limit=${POPULAR_EVENTS_LIMIT}`, signal);
}

export const popularEventsQuery = () => queryOptions({ queryKey: queryKeys.events.active('popular'), queryFn: ({ signal }) => getPopularEvents(signal) });

export function usePopularEvents() {
  return useQuery(popularEventsQuery());
}
