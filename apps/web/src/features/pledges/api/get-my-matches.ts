import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyMatchesResponse } from '@pledgeway/domain/schemas/matching';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /matches/mine: the matches the signed-in user offers, parsed (decision 099). */
export async function getMyMatches(signal?: AbortSignal): Promise<MyMatchesResponse> {
  return api.get(MyMatchesResponse, '/matches/mine', signal, { what: 'your matches' });
}

export const myMatchesQueryOptions = () => queryOptions({ queryKey: queryKeys.myMatches, queryFn: ({ signal }) => getMyMatches(signal) });

export function useMyMatches() {
  return useQuery(myMatchesQueryOptions());
}
