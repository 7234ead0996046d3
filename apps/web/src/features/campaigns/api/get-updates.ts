import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UpdatesResponse } from '@pledgeway/domain/schemas/updates';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/:id/updates: newest first, with what the signed-in user may do (comment, hide). */
export function getUpdates(eventId: string, signal?: AbortSignal): Promise<UpdatesResponse> {
  return api.get(publicSchema('UpdatesResponse'), `/events/${eventId}/updates`, signal);
}

export const updatesQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.updates(eventId), queryFn: ({ signal }) => getUpdates(eventId, signal) });

export function useUpdates(eventId: string) {
  return useQuery(updatesQueryOptions(eventId));
}
