import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RemoveParticipantResponse } from '@pledgeway/domain/schemas/participant';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteParticipant(participantId: string): Promise<RemoveParticipantResponse> {
  return api.delete(RemoveParticipantResponse, `/participants/${participantId}`);
}

export function useRemoveParticipant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteParticipant, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }) });
}
