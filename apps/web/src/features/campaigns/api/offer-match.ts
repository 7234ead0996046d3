import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateMatchResponse, type CreateMatchRequestInput } from '@pledgeway/domain/schemas/matching';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /events/{id}/matches: the sponsor's offer; nothing is charged until the campaign's charge. */
export function offerMatch(eventId: string, body: CreateMatchRequestInput) {
  return api.post(CreateMatchResponse, `/events/${eventId}/matches`, body);
}

export function useOfferMatch(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMatchRequestInput) => offerMatch(eventId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.matches(eventId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myMatches });
    },
  });
}
