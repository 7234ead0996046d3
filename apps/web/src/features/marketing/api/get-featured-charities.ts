import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CharityGroupResponse } from '@pledgeway/domain/schemas/public';
import { api } from '@/lib/api-client';

/** The same list as /charities (same query key, so the two pages share the cache). */
export function getFeaturedCharities(signal?: AbortSignal): Promise<CharityGroupResponse[]> {
  return api.get<CharityGroupResponse[]>('/charities', signal);
}

export const featuredCharitiesQuery = () =>
  queryOptions({ queryKey: ['charities'], queryFn: ({ signal }) => getFeaturedCharities(signal), staleTime: 5 * 60_000 });

export function useFeaturedCharities() {
  return useQuery(featuredCharitiesQuery());
}
