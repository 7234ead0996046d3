import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ParticipantResult } from '@pledgeway/domain/schemas/participant';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function patchParticipantAccepted(participantId: string, accepted: boolean): Promise<ParticipantResult> {
  return api.patch(ParticipantResult, `/participants/${participantId}`, { accepted });
}

export function useSetParticipantAccepted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ participantId, accepted }: { participantId: string; accepted: boolean }) => patchParticipantAccepted(participantId, accepted),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}
