import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CharityConnectListResponse,
  CharityTransfersResponse,
  RefreshAccountResponse,
  ResolveHeldMovementResponse,
  type ResolveHeldMovementRequest,
  RunTransfersResponse,
  StartOnboardingResponse,
} from '@pledgeway/domain/schemas/charity-connect';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/charity-connect: every charity, on Connect or not, and what is owed outside Connect (decision 131). */
export const useCharityConnect = () =>
  useQuery({
    queryKey: queryKeys.admin.charityConnect,
    queryFn: async () => (await api.get(CharityConnectListResponse, '/admin/charity-connect')).data,
  });

/** GET /api/charities/{id}/connect/transfers: a charity's transfers and reversals with the pledge each carried. */
export const useCharityTransfers = (charityId: string | null) =>
  useQuery({
    queryKey: queryKeys.admin.charityTransfers(charityId ?? ''),
    enabled: Boolean(charityId),
    queryFn: async () => (await api.get(CharityTransfersResponse, `/charities/${charityId}/connect/transfers`)).data.items,
  });

function useConsoleMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: async () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }) });
}

/** Makes the charity's connected account (once) and answers the provider's onboarding page to go to. */
export const useStartOnboarding = () =>
  useConsoleMutation(async (charityId: string) => await api.post(StartOnboardingResponse, `/charities/${charityId}/connect/onboarding`));

export const useRefreshAccount = () =>
  useConsoleMutation(async (charityId: string) => await api.post(RefreshAccountResponse, `/charities/${charityId}/connect/refresh`));

export const useRunTransfers = () => useConsoleMutation(async () => await api.post(RunTransfersResponse, '/admin/charity-transfers/run'));

/** POST /api/admin/charity-transfers/{id}/resolve: a held movement looked up again, or marked for manual review. */
export const useResolveHeldMovement = () =>
  useConsoleMutation(
    async ({ id, action }: { id: string } & ResolveHeldMovementRequest) =>
      await api.post(ResolveHeldMovementResponse, `/admin/charity-transfers/${id}/resolve`, { action }),
  );
