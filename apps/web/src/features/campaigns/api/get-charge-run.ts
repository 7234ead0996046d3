import { useQuery } from '@tanstack/react-query';
import { type ChargeRun, ChargeRunResponse } from '@pledgeway/domain/schemas/lifecycle';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { liveRefetchInterval } from '@/lib/live/browser-live-reads';

/** The campaign's charge run for its creator, or null while none has started (the API answers 404). */
export async function getCampaignChargeRun(eventId: string, signal?: AbortSignal): Promise<ChargeRun | null> {
  try {
    return (await api.get(ChargeRunResponse, `/events/${encodeURIComponent(eventId)}/charge-run`, signal)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Refreshed every few seconds, jittered, while the run is charging (decision 129); a held or finished run, or none, is read once a minute. */
export const useCampaignChargeRun = (eventId: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.events.chargeRun(eventId),
    queryFn: ({ signal }) => getCampaignChargeRun(eventId, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? liveRefetchInterval() : 60_000),
  });
