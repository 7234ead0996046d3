import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChargeHoldResponse } from '@pledgeway/domain/schemas/lifecycle';
import { api } from '@/lib/api-client';

const holdPath = (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}/charge-hold`;

export const getChargeHold = (eventId: string, signal?: AbortSignal) =>
  api.get<ChargeHoldResponse>(holdPath(eventId), signal).then((response) => response.data);

/** A crowdfunding campaign's hold on its deadline charge (decision 068). */
export const useChargeHold = (eventId: string, enabled: boolean) =>
  useQuery({ queryKey: ['admin', 'charge-hold', eventId], queryFn: ({ signal }) => getChargeHold(eventId, signal), enabled });

/** Holding or lifting changes the hold, the charging queue and, when a held run starts, its progress. */
function useHoldMutation<Variables>(request: (variables: Variables) => Promise<ChargeHoldResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

export const useHoldCharge = () =>
  useHoldMutation(({ eventId, reason }: { eventId: string; reason: string }) => api.post<ChargeHoldResponse>(holdPath(eventId), { reason }));

export const useReleaseHold = () => useHoldMutation((eventId: string) => api.delete<ChargeHoldResponse>(holdPath(eventId)));
