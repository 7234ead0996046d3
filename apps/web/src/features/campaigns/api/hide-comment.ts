import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentResponse } from '@pledgeway/domain/schemas/updates';
import { api, publicSchema } from '@/lib/api-client';
import { updatesQueryOptions } from './get-updates';

/** POST /comments/:id/hide (the campaign's creator or an admin). */
export function hideComment(commentId: string): Promise<CommentResponse> {
  return api.post(publicSchema('CommentResponse'), `/comments/${commentId}/hide`);
}

export function useHideComment(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => hideComment(commentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: updatesQueryOptions(eventId).queryKey }),
  });
}
