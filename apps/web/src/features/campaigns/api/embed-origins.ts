import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EmbedOriginsRequestInput, EmbedOriginsResponse, SaveEmbedOriginsResponse } from '@pledgeway/domain/schemas/embeds';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/embed-origins: the sites allowed to show the campaign's embed, for its host. */
export function getEmbedOrigins(eventId: string, signal?: AbortSignal): Promise<EmbedOriginsResponse> {
  return api.get(EmbedOriginsResponse, `/events/${eventId}/embed-origins`, signal);
}

export const embedOriginsQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.embedOrigins(eventId), queryFn: ({ signal }) => getEmbedOrigins(eventId, signal) });

export function useEmbedOrigins(eventId: string) {
  return useQuery(embedOriginsQueryOptions(eventId));
}

/** PUT /events/{id}/embed-origins: replaces the list. */
export function saveEmbedOrigins(eventId: string, body: EmbedOriginsRequestInput): Promise<SaveEmbedOriginsResponse> {
  return api.put(SaveEmbedOriginsResponse, `/events/${eventId}/embed-origins`, body);
}

export function useSaveEmbedOrigins(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmbedOriginsRequestInput) => saveEmbedOrigins(eventId, body),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.events.embedOrigins(eventId), { success: true as const, data: answer.data }),
  });
}
