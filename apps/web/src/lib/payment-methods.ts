import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PaymentConfigResponse,
  PaymentMethodListResponse,
  PaymentMethodSavedResponse,
  type SandboxCardRequest,
  SandboxCardResponse,
  type SandboxWalletRequest,
  SandboxWalletResponse,
  SetupIntentResponse,
} from '@pledgeway/domain/schemas/payment-methods';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/*
 * The signed-in user's saved cards. Shared by Payment Methods and the Create Event wizard's payment
 * step: both read one cache entry, so it must have one shape (the list itself).
 */
export const paymentMethodsKey = queryKeys.paymentMethods;

export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodListResponse['data']> {
  return (await api.get(PaymentMethodListResponse, '/payment-methods', signal)).data;
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
  const tokenized = await api.post(SandboxCardResponse, '/sandbox/cards', card);
  return api.post(PaymentMethodSavedResponse, '/payment-methods', { token: tokenized.token });
}

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCard, onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }) });
}

/** The sandbox wallet's sheet or cash app's approval (decision 151): a single-use token, saved or charged like a card's. */
export function approveSandboxWallet(input: SandboxWalletRequest): Promise<SandboxWalletResponse> {
  return api.post(SandboxWalletResponse, '/sandbox/wallets', input);
}

/** The sandbox wallet or cash app (decision 151): its approval answers with a token, saved like a card's. */
export async function addSandboxWallet(input: SandboxWalletRequest): Promise<PaymentMethodSavedResponse> {
  const approved = await approveSandboxWallet(input);
  return api.post(PaymentMethodSavedResponse, '/payment-methods', { token: approved.token });
}

export function useAddSandboxWallet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSandboxWallet, onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }) });
}

/** Which card form to show (the sandbox's, or Stripe Elements with this publishable key). Fixed for the server's life. */
export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.paymentConfig,
    queryFn: ({ signal }) => api.get(PaymentConfigResponse, '/payment-methods/config', signal),
    staleTime: Infinity,
  });

export function usePaymentConfig(enabled = true) {
  return useQuery({ ...paymentConfigQuery(), enabled });
}

/** Stripe: a SetupIntent for Elements to confirm in the browser. */
export function createSetupIntent(): Promise<SetupIntentResponse> {
  return api.post(SetupIntentResponse, '/payment-methods/setup-intent');
}

/** Stripe: saves the card of a SetupIntent that Elements confirmed. */
export function useSaveConfirmedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setupIntentId: string) => api.post(PaymentMethodSavedResponse, '/payment-methods', { token: setupIntentId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }),
  });
}
