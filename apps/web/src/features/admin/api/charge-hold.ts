import { useQuery } from '@tanstack/react-query';
import { apiClient, dataOf } from '@/lib/typed-api';
import { useCampaignActionMutation } from './admin-mutation';
import { queryKeys } from '@/lib/query-keys';

const hold = (eventId: string) => ({ params: { path: { id: eventId } } });

export const getChargeHold = (eventId: string, signal?: AbortSignal) =>
  dataOf(apiClient.GET('/admin/events/{id}/charge-hold', { ...hold(eventId), signal })).then((response) => response.data);

/** A crowdfunding campaign's hold on its deadline charge (decision 068). */
export const useChargeHold = (eventId: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.admin.chargeHold(eventId), queryFn: ({ signal }) => getChargeHold(eventId, signal), enabled });

export const useHoldCharge = () =>
  useCampaignActionMutation(({ eventId, reason }: { eventId: string; reason: string }) =>
    dataOf(apiClient.POST('/admin/events/{id}/charge-hold', { ...hold(eventId), body: { reason } })),
  );

export const useReleaseHold = () => useCampaignActionMutation((eventId: string) => dataOf(apiClient.DELETE('/admin/events/{id}/charge-hold', hold(eventId))));
