import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LifecycleResponse } from '@pledgeway/domain/schemas/lifecycle';
import { api } from '@/lib/api-client';

/** A campaign life-cycle action; every one changes the campaign lists, the queues and the figures. */
export function useLifecycleMutation<Variables extends { eventId: string }>(request: (variables: Variables) => Promise<LifecycleResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

export const postLifecycle = (eventId: string, action: string, body?: Record<string, unknown>) =>
  api.post<LifecycleResponse>(`/admin/events/${encodeURIComponent(eventId)}/${action}`, body);
