import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ChargeHoldResponse } from '@pledgeway/domain/schemas/lifecycle';
import { useCampaignActionMutation } from './admin-mutation';
import { queryKeys } from '@/lib/query-keys';

const hold = (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}/charge-hold`;
const what = { what: 'the charge hold' };

export const getChargeHold = (eventId: string, signal?: AbortSignal) =>
  api.get(ChargeHoldResponse, hold(eventId), signal, what).then((response) => response.data);

/** A crowdfunding campaign's hold on its deadline charge (decision 068). */
export const useChargeHold = (eventId: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.admin.chargeHold(eventId), queryFn: ({ signal }) => getChargeHold(eventId, signal), enabled });

export const useHoldCharge = () =>
  useCampaignActionMutation(({ eventId, reason }: { eventId: string; reason: string }) => api.post(ChargeHoldResponse, hold(eventId), { reason }, what));

export const useReleaseHold = () => useCampaignActionMutation((eventId: string) => api.delete(ChargeHoldResponse, hold(eventId), what));
