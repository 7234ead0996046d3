import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RemoveParticipantResponse } from '@pledgeway/domain/schemas/participant';
import { api } from '@/lib/api-client';

export function deleteParticipant(participantId: string): Promise<RemoveParticipantResponse> {
  return api.delete(`/participants/${participantId}`);
}

export function useRemoveParticipant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteParticipant, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }) });
}
