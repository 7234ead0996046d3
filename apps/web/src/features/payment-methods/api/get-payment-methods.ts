import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethodListResponse } from '@pledgeway/domain/schemas/payment-methods';
import { api } from '@/lib/api-client';

export const paymentMethodsKey = ['payment-methods'] as const;

export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodListResponse['data']> {
  return (await api.get<PaymentMethodListResponse>('/payment-methods', signal)).data;
}

export const paymentMethodsQuery = () => queryOptions({ queryKey: paymentMethodsKey, queryFn: ({ signal }) => getPaymentMethods(signal) });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQuery());
}
