import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CharityGroupResponse } from '@pledgeway/domain/schemas/public';
import { api, publicSchema } from './api-client';
import { queryKeys } from './query-keys';

/** The public charity list by group: /charities, the home page's slider and the campaign wizard. */
export function getCharities(signal?: AbortSignal): Promise<CharityGroupResponse[]> {
  return api.get(publicSchema('CharityGroupsResponse'), '/charities', signal);
}

export const charitiesQuery = () => queryOptions({ queryKey: queryKeys.charities, queryFn: ({ signal }) => getCharities(signal), staleTime: 5 * 60_000 });

export function useCharities() {
  return useQuery(charitiesQuery());
}
