import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type StackRequestInput, StackActionResponse } from '@pledgeway/domain/schemas/stacks';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /stacks (a new stack) or PUT /stacks/{id} (the owner's edit). */
export function saveStack(id: string | null, body: StackRequestInput): Promise<StackActionResponse> {
  return id ? api.put(StackActionResponse, `/stacks/${id}`, body) : api.post(StackActionResponse, '/stacks', body);
}

export function useSaveStack(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StackRequestInput) => saveStack(id, body),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.stacks.mine });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stacks.detail(answer.data._id) });
    },
  });
}
