import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkPayoutRequest } from '@pledgeway/domain/schemas/admin';
import { apiClient, dataOf } from '@/lib/typed-api';
import { queryKeys } from '@/lib/query-keys';

export const createPayout = (payout: MarkPayoutRequest) => dataOf(apiClient.POST('/admin/payouts', { body: payout }));

export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayout,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.payouts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.dashboard }),
      ]);
    },
  });
}
