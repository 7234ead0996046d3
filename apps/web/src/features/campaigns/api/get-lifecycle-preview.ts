import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LifecyclePreview, LifecyclePreviewResponse } from '@pledgeway/domain/schemas/lifecycle';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/lifecycle-preview: the server's figures for Close and Complete, before either. */
export async function getLifecyclePreview(eventId: string, signal?: AbortSignal): Promise<LifecyclePreview> {
  return (await api.get(LifecyclePreviewResponse, `/events/${encodeURIComponent(eventId)}/lifecycle-preview`, signal)).data;
}

// Read afresh each time a confirmation opens: pledges keep arriving while a campaign is live.
export const lifecyclePreviewQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.events.lifecyclePreview(eventId),
    queryFn: ({ signal }) => getLifecyclePreview(eventId, signal),
    staleTime: 0,
    gcTime: 0,
  });

export const useLifecyclePreview = (eventId: string, enabled: boolean) => useQuery({ ...lifecyclePreviewQueryOptions(eventId), enabled });
