import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdatePledgeCardResponse } from '@pledgeway/domain/schemas/money-admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { UpdatePledgeCardResponse };

/** POST /pledges/{id}/payment-method: swaps the card of a failed pledge and retries the charge. */
export function updatePledgeCard(pledgeId: string, paymentMethodId: string): Promise<UpdatePledgeCardResponse> {
  return api.post(UpdatePledgeCardResponse, `/pledges/${pledgeId}/payment-method`, { payment_method_id: paymentMethodId });
}

export function useUpdatePledgeCard(pledgeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: string) => updatePledgeCard(pledgeId, paymentMethodId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myPledges }),
  });
}
