import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountClosureStatusResponse, type AccountClosureStatus } from '@pledgeway/domain/schemas/account';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ClosureStatus = AccountClosureStatus & { requested: boolean };
export const closureStatusKey = queryKeys.closureStatus;

export async function getClosureStatus(signal?: AbortSignal): Promise<ClosureStatus> {
  return (await api.get(AccountClosureStatusResponse, '/account/closure', signal)).data;
}

export const closureStatusQuery = () => queryOptions({ queryKey: closureStatusKey, queryFn: ({ signal }) => getClosureStatus(signal) });

export function useClosureStatus(enabled: boolean) {
  return useQuery({ ...closureStatusQuery(), enabled });
}
