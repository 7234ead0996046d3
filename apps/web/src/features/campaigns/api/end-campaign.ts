import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LifecycleResponse } from '@pledgeway/domain/schemas/lifecycle';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type EndAction = 'complete' | 'close';

/** POST /events/{id}/complete or /close: the creator's end of a live campaign. */
export function endCampaign(eventId: string, action: EndAction): Promise<LifecycleResponse> {
  return api.post(LifecycleResponse, `/events/${encodeURIComponent(eventId)}/${action}`);
}

export function useEndCampaign(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: EndAction) => endCampaign(eventId, action),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myEvents.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myPledges }),
      ]);
    },
  });
}
