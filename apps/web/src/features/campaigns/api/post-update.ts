import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostUpdateResponse } from '@pledgeway/domain/schemas/updates';
import { api, publicSchema } from '@/lib/api-client';
import { updatesQueryOptions } from './get-updates';

/** POST /events/:id/updates as multipart: `message` and an optional `attachment` file. */
export function postUpdate(eventId: string, form: FormData): Promise<PostUpdateResponse> {
  return api.post(publicSchema('PostUpdateResponse'), `/events/${eventId}/updates`, form);
}

export function usePostUpdate(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => postUpdate(eventId, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: updatesQueryOptions(eventId).queryKey }),
  });
}
