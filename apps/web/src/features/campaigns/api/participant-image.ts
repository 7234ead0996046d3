import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ParticipantResult } from '@pledgeway/domain/schemas/participant';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function putParticipantImage(participantId: string, image: Blob): Promise<ParticipantResult> {
  const form = new FormData();
  form.set('profile_image', image, 'profile.jpg');
  return api.put(ParticipantResult, `/challengees/${participantId}/image`, form);
}

export function useParticipantImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ participantId, image }: { participantId: string; image: Blob }) => putParticipantImage(participantId, image),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}
