import { queryOptions, useQuery } from '@tanstack/react-query';
import { StackPageResponse } from '@pledgeway/domain/schemas/stacks';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /stacks/{id}: a stack's published campaigns side by side, with their combined total. */
export function getStack(id: string, signal?: AbortSignal): Promise<StackPageResponse> {
  return api.get(StackPageResponse, `/stacks/${id}`, signal);
}

export const stackQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.stacks.detail(id), queryFn: ({ signal }) => getStack(id, signal) });

export function useStack(id: string) {
  return useQuery(stackQueryOptions(id));
}
