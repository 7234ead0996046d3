import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateEventResponse } from '@pledgeway/domain/schemas/event-update';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /events/:id as the multipart of docs/product.md#7-api-calls (categories and participants as JSON text). */
export function putEvent(id: string, form: FormData): Promise<UpdateEventResponse> {
  return api.put(UpdateEventResponse, `/events/${id}`, form);
}

export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => putEvent(id, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}
