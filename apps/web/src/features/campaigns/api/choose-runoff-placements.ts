import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RunoffPlacementsRequestInput, RunoffPlacementsResponse } from '@pledgeway/domain/schemas/runoff';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/events/{id}/runoff/placements: the creator's choice of the charged placements. */
export function postRunoffPlacements(eventId: string, body: RunoffPlacementsRequestInput): Promise<RunoffPlacementsResponse> {
  return api.post(RunoffPlacementsResponse, `/events/${eventId}/runoff/placements`, body);
}

export function useChooseRunoffPlacements(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunoffPlacementsRequestInput) => postRunoffPlacements(eventId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}
