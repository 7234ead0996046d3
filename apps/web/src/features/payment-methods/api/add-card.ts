import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodSavedResponse, SandboxCardRequest, SandboxCardResponse } from '@pledgeway/domain/schemas/payment-methods';
import { api } from '@/lib/api-client';
import { paymentMethodsKey } from './get-payment-methods';

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
