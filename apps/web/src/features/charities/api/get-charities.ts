import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CharityGroupResponse } from '@pledgeway/domain/schemas/public';
import { api } from '@/lib/api-client';

export function getCharities(signal?: AbortSignal): Promise<CharityGroupResponse[]> {
  return api.get<CharityGroupResponse[]>('/charities', signal);
}

export const charitiesQuery = () => queryOptions({ queryKey: ['charities'], queryFn: ({ signal }) => getCharities(signal), staleTime: 5 * 60_000 });

export function useCharities() {
  return useQuery(charitiesQuery());
}
