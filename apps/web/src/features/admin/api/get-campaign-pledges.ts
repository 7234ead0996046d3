import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminPledgesResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getCampaignPledges = (eventId: string, signal?: AbortSignal) =>
  api
    .get(AdminPledgesResponse, `/admin/campaigns/${encodeURIComponent(eventId)}/pledges`, signal, { what: "the campaign's pledges" })
    .then((body) => body.data);

export const campaignPledgesQuery = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.admin.campaignPledges(eventId), queryFn: ({ signal }) => getCampaignPledges(eventId, signal) });

export const useCampaignPledges = (eventId: string, enabled = true) => useQuery({ ...campaignPledgesQuery(eventId), enabled });
