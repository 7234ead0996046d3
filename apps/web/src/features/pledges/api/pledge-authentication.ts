import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PledgeAuthenticationResponse, type ConfirmPledgeChargeRequest } from '@pledgeway/domain/schemas/pledge-authentication';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const authenticationKey = (pledgeId: string) => [...queryKeys.myPledges, pledgeId, 'authentication'] as const;

/** A failed pledge's charge waiting for the supporter's bank (decision 260): what is to be paid, and how to confirm it. */
export function usePledgeAuthentication(pledgeId: string) {
  return useQuery({
    queryKey: authenticationKey(pledgeId),
    queryFn: async ({ signal }) => (await api.get(PledgeAuthenticationResponse, `/pledges/${pledgeId}/authentication`, signal)).data.authentication,
  });
}

/** After the bank's check in the browser: the server reads the charge back, books it once if it went through, and says what happened. */
export function useAuthenticatePledge(pledgeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmPledgeChargeRequest) => api.post(PledgeAuthenticationResponse, `/pledges/${pledgeId}/authenticate`, body),
    onSuccess: (answer) => queryClient.setQueryData(authenticationKey(pledgeId), answer.data.authentication),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myPledges, exact: true }),
  });
}
