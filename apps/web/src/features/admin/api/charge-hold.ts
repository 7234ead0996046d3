import { useQuery } from '@tanstack/react-query';
import type { ChargeHoldResponse } from '@pledgeway/domain/schemas/lifecycle';
import { api } from '@/lib/api-client';
import { useCampaignActionMutation } from './admin-mutation';
import { queryKeys } from '@/lib/query-keys';

const holdPath = (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}/charge-hold`;

export const getChargeHold = (eventId: string, signal?: AbortSignal) =>
  api.get<ChargeHoldResponse>(holdPath(eventId), signal).then((response) => response.data);

/** A crowdfunding campaign's hold on its deadline charge (decision 068). */
export const useChargeHold = (eventId: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.admin.chargeHold(eventId), queryFn: ({ signal }) => getChargeHold(eventId, signal), enabled });

export const useHoldCharge = () =>
  useCampaignActionMutation(({ eventId, reason }: { eventId: string; reason: string }) => api.post<ChargeHoldResponse>(holdPath(eventId), { reason }));

export const useReleaseHold = () => useCampaignActionMutation((eventId: string) => api.delete<ChargeHoldResponse>(holdPath(eventId)));
