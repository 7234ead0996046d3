import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminCharitiesResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getCharities = (signal?: AbortSignal) => api.get(AdminCharitiesResponse, '/admin/charities', signal).then((response) => response.data);

export const charitiesQuery = () => queryOptions({ queryKey: queryKeys.admin.charities, queryFn: ({ signal }) => getCharities(signal) });

export const useCharities = () => useQuery(charitiesQuery());
