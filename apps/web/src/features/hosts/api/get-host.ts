import { queryOptions, useQuery } from '@tanstack/react-query';
import { HostPageResponse } from '@pledgeway/domain/schemas/hosts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /hosts/:id: a creator's public name and image, their published campaigns and totals. */
export function getHost(id: string, signal?: AbortSignal): Promise<HostPageResponse> {
  return api.get(HostPageResponse, `/hosts/${id}`, signal);
}

export const hostQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.hosts(id), queryFn: ({ signal }) => getHost(id, signal) });

export function useHost(id: string) {
  return useQuery(hostQueryOptions(id));
}
