import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethodListResponse } from '@pledgeway/domain/schemas/payment-methods';
import { api } from '@/lib/api-client';

/** The creator's saved cards, offered on the wizard's payment step. */
export function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodListResponse> {
  return api.get('/payment-methods', signal);
}

export const paymentMethodsQueryOptions = () => queryOptions({ queryKey: ['payment-methods'], queryFn: ({ signal }) => getPaymentMethods(signal) });

export function usePaymentMethods(enabled: boolean) {
  return useQuery({ ...paymentMethodsQueryOptions(), enabled });
}
