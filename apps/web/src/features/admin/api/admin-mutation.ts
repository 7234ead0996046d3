import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * A console action that touches a campaign's life: its status, its charge or the hold on it. Each
 * changes the campaign lists, the queues and the figures, so every console query is read again.
 */
export function useCampaignActionMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}
