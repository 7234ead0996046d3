import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SuccessResponse } from '@pledgeway/domain/schemas/auth';
import { api } from '@/lib/api-client';
import { paymentMethodsKey } from '@/lib/payment-methods';

export function deletePaymentMethod(id: string): Promise<{ success: true; message: string }> {
  return api.delete(SuccessResponse, `/payment-methods/${encodeURIComponent(id)}`);
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePaymentMethod, onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }) });
}
