import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getEvent(id: string, signal?: AbortSignal): Promise<EventDetailResponse> {
  return api.get(publicSchema('EventDetailResponse'), `/events/${id}`, signal);
}

export const eventQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.events.detail(id), queryFn: ({ signal }) => getEvent(id, signal) });

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}
