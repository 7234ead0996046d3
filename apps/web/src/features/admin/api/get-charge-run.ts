import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChargeRunResponse } from '@pledgeway/domain/schemas/lifecycle';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

export const getChargeRun = (runId: string, signal?: AbortSignal) =>
  api.get<unknown>(`/admin/charge-runs/${encodeURIComponent(runId)}`, signal).then((body) => parseResponse(ChargeRunResponse, body, 'the charge run').data);

/** Polls every second while the run is going; stops once it has finished or while an admin's hold keeps it waiting. */
export const chargeRunQuery = (runId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.chargeRun(runId),
    queryFn: ({ signal }) => getChargeRun(runId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'finished' || query.state.data?.status === 'held' ? false : 1000),
  });

export const useChargeRun = (runId: string | null) => useQuery({ ...chargeRunQuery(runId ?? ''), enabled: Boolean(runId) });
