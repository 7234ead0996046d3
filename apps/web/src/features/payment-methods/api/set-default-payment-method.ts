import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaymentMethodSavedResponse } from '@pledgeway/domain/schemas/payment-methods';
import { api } from '@/lib/api-client';
import { paymentMethodsKey } from '@/lib/payment-methods';

export function setDefaultPaymentMethod(id: string): Promise<PaymentMethodSavedResponse> {
  return api.post(PaymentMethodSavedResponse, `/payment-methods/${encodeURIComponent(id)}/default`);
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDefaultPaymentMethod, onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }) });
}
