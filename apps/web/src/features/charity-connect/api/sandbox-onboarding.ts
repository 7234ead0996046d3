import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SandboxConnectAccountResponse, type SandboxOnboardingRequest } from '@pledgeway/domain/schemas/charity-connect';
import { api } from '@/lib/api-client';

const key = (ref: string) => ['sandbox-connect', ref] as const;

/** GET /api/sandbox/connect/accounts/{ref}: the connected account as the sandbox's onboarding form shows it. */
export const useSandboxAccount = (ref: string) =>
  useQuery({ queryKey: key(ref), queryFn: async () => (await api.get(SandboxConnectAccountResponse, `/sandbox/connect/accounts/${ref}`)).data });

/** POST the simulated onboarding form. */
export function useSubmitSandboxOnboarding(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SandboxOnboardingRequest) =>
      (await api.post(SandboxConnectAccountResponse, `/sandbox/connect/accounts/${ref}/onboarding`, body)).data,
    onSuccess: (account) => queryClient.setQueryData(key(ref), account),
  });
}
