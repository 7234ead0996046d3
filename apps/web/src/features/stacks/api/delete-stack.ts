import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StackDeletedResponse } from '@pledgeway/domain/schemas/stacks';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /stacks/{id}: the page goes; its campaigns are not touched. */
export function deleteStack(id: string): Promise<StackDeletedResponse> {
  return api.delete(StackDeletedResponse, `/stacks/${id}`);
}

export function useDeleteStack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStack,
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.stacks.mine });
      queryClient.removeQueries({ queryKey: queryKeys.stacks.detail(id) });
    },
  });
}
