import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminDisputesResponse } from '@pledgeway/domain/schemas/disputes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/disputes, read with the shared schema: disputes newest first, the open ones counted. */
export const getDisputes = async (signal?: AbortSignal) => (await api.get(AdminDisputesResponse, '/admin/disputes', signal, { what: 'disputes' })).data;

export const disputesQuery = () => queryOptions({ queryKey: queryKeys.admin.disputes, queryFn: ({ signal }) => getDisputes(signal) });

export const useDisputes = () => useQuery(disputesQuery());
