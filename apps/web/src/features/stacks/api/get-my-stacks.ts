import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyStacksResponse } from '@pledgeway/domain/schemas/stacks';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /stacks/mine: the signed-in host's stacks, each with every campaign in it. */
export function getMyStacks(signal?: AbortSignal): Promise<MyStacksResponse> {
  return api.get(MyStacksResponse, '/stacks/mine', signal);
}

export const myStacksQueryOptions = () => queryOptions({ queryKey: queryKeys.stacks.mine, queryFn: ({ signal }) => getMyStacks(signal) });

export function useMyStacks() {
  return useQuery(myStacksQueryOptions());
}
