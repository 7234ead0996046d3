import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminCampaignsQueryInput, AdminCampaignsResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryString } from '../lib/query-string';
import { queryKeys } from '@/lib/query-keys';

export const getCampaigns = (query: AdminCampaignsQueryInput, signal?: AbortSignal) =>
  api.get(AdminCampaignsResponse, `/admin/campaigns${queryString(query)}`, signal).then((response) => response.data);

export const campaignsQuery = (query: AdminCampaignsQueryInput) =>
  queryOptions({ queryKey: queryKeys.admin.campaigns(query), queryFn: ({ signal }) => getCampaigns(query, signal), placeholderData: keepPreviousData });

export const useCampaigns = (query: AdminCampaignsQueryInput) => useQuery(campaignsQuery(query));
