import { queryOptions, useQuery } from '@tanstack/react-query';
import { IdentityStatusResponse } from '@pledgeway/domain/schemas/identity';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getIdentityStatus(signal?: AbortSignal): Promise<IdentityStatusResponse> {
  return api.get(IdentityStatusResponse, '/identity/status', signal);
}

export const identityStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.identity.status, queryFn: ({ signal }) => getIdentityStatus(signal), staleTime: 0 });

export function useIdentityStatus() {
  return useQuery(identityStatusQueryOptions());
}
