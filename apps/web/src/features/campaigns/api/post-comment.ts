import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCommentRequest, CommentResponse } from '@pledgeway/domain/schemas/updates';
import { api, publicSchema } from '@/lib/api-client';
import { updatesQueryOptions } from './get-updates';

/** POST /updates/:id/comments (signed-in supporters). */
export function postComment(updateId: string, body: CreateCommentRequest): Promise<CommentResponse> {
  return api.post(publicSchema('CommentResponse'), `/updates/${updateId}/comments`, body);
}

export function usePostComment(eventId: string, updateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentRequest) => postComment(updateId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: updatesQueryOptions(eventId).queryKey }),
  });
}
