import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteEventResponse } from '@pledgeway/domain/schemas/my-events';
import { api } from '@/lib/api-client';

export function deleteEvent(eventId: string): Promise<DeleteEventResponse> {
  return api.delete(`/events/${encodeURIComponent(eventId)}`);
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['my-events'] }), queryClient.invalidateQueries({ queryKey: ['my-pledges'] })]);
    },
  });
}
