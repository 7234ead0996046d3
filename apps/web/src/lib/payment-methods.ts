import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodListResponse, PaymentMethodSavedResponse, SandboxCardRequest, SandboxCardResponse } from '@pledgeway/domain/schemas/payment-methods';
import { api } from '@/lib/api-client';

/*
 * The signed-in user's saved cards. Shared by Payment Methods and the Create Event wizard's payment
 * step: both read one cache entry, so it must have one shape (the list itself).
 */
export const paymentMethodsKey = ['payment-methods'] as const;

export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodListResponse['data']> {
  return (await api.get<PaymentMethodListResponse>('/payment-methods', signal)).data;
}

export const paymentMethodsQuery = () => queryOptions({ queryKey: paymentMethodsKey, queryFn: ({ signal }) => getPaymentMethods(signal) });

export function usePaymentMethods(enabled = true) {
  return useQuery({ ...paymentMethodsQuery(), enabled });
}

/**
 * Two steps, as with a real provider: the card goes to the provider's own form endpoint
 * (POST /sandbox/cards), which answers with a token; the app saves only that token.
 */
export async function addCard(card: SandboxCardRequest): Promise<PaymentMethodSavedResponse> {
  const tokenized = await api.post<SandboxCardResponse>('/sandbox/cards', card);
  return api.post<PaymentMethodSavedResponse>('/payment-methods', { token: tokenized.token });
}

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCard, onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }) });
}
