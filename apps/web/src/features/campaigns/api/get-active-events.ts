import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getActiveEvents(limit: number, signal?: AbortSignal): Promise<EventSummaryResponse[]> {
  return api.get(publicSchema('EventSummaryList'), `/events/allActive?limit=${limit}`, signal);
}

export const activeEventsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: queryKeys.events.active({ limit }), queryFn: ({ signal }) => getActiveEvents(limit, signal) });

export function useActiveEvents(limit: number) {
  return useQuery(activeEventsQueryOptions(limit));
}
