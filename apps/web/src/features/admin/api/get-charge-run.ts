import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChargeRunResponse } from '@pledgeway/domain/schemas/lifecycle';
import { apiClient, dataOf } from '@/lib/typed-api';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

export const getChargeRun = (runId: string, signal?: AbortSignal) =>
  dataOf(apiClient.GET('/admin/charge-runs/{id}', { params: { path: { id: runId } }, signal })).then(
    (body) => parseResponse(ChargeRunResponse, body, 'the charge run').data,
  );

/** Polls every second while the run is going; stops once it has finished or while an admin's hold keeps it waiting. */
export const chargeRunQuery = (runId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.chargeRun(runId),
    queryFn: ({ signal }) => getChargeRun(runId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'finished' || query.state.data?.status === 'held' ? false : 1000),
  });

export const useChargeRun = (runId: string | null) => useQuery({ ...chargeRunQuery(runId ?? ''), enabled: Boolean(runId) });
