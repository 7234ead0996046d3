import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkPayoutRequest } from '@pledgeway/domain/schemas/admin';
import { CreatePayoutResponse } from '@pledgeway/domain/schemas/money-admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createPayout = (payout: MarkPayoutRequest) => api.post(CreatePayoutResponse, '/admin/payouts', payout, { what: 'the payout' });

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
