import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminPledgesResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

export const getCampaignPledges = (eventId: string, signal?: AbortSignal) =>
  api
    .get<unknown>(`/admin/campaigns/${encodeURIComponent(eventId)}/pledges`, signal)
    .then((body) => parseResponse(AdminPledgesResponse, body, "the campaign's pledges").data);

export const campaignPledgesQuery = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.admin.campaignPledges(eventId), queryFn: ({ signal }) => getCampaignPledges(eventId, signal) });

export const useCampaignPledges = (eventId: string, enabled = true) => useQuery({ ...campaignPledgesQuery(eventId), enabled });
