import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminDisputesResponse } from '@pledgeway/domain/schemas/disputes';
import { apiClient, dataOf } from '@/lib/typed-api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/disputes, read with the shared schema: disputes newest first, the open ones counted. */
export const getDisputes = async (signal?: AbortSignal) => AdminDisputesResponse.parse(await dataOf(apiClient.GET('/admin/disputes', { signal }))).data;

export const disputesQuery = () => queryOptions({ queryKey: queryKeys.admin.disputes, queryFn: ({ signal }) => getDisputes(signal) });

export const useDisputes = () => useQuery(disputesQuery());
