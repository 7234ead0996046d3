import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteEventResponse } from '@pledgeway/domain/schemas/my-events';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteEvent(eventId: string): Promise<DeleteEventResponse> {
  return api.delete(DeleteEventResponse, `/events/${encodeURIComponent(eventId)}`);
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.myEvents.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myPledges }),
      ]);
    },
  });
}
