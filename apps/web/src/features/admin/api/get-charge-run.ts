import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChargeRunResponse } from '@pledgeway/domain/schemas/lifecycle';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { liveRefetchInterval } from '@/lib/live/browser-live-reads';

export const getChargeRun = (runId: string, signal?: AbortSignal) =>
  api.get(ChargeRunResponse, `/admin/charge-runs/${encodeURIComponent(runId)}`, signal, { what: 'the charge run' }).then((body) => body.data);

/**
 * Polled while the run is going, under the live read rule (every few seconds, jittered, not while the tab is hidden;
 * decision 129); stops once it has finished or while an admin's hold keeps it waiting.
 */
export const chargeRunQuery = (runId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.chargeRun(runId),
    queryFn: ({ signal }) => getChargeRun(runId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'finished' || query.state.data?.status === 'held' ? false : liveRefetchInterval()),
  });

export const useChargeRun = (runId: string | null) => useQuery({ ...chargeRunQuery(runId ?? ''), enabled: Boolean(runId) });
