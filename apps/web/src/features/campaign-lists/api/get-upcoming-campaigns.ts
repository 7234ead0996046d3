import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventKind, EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many upcoming campaigns the "Starting soon" section shows. */
export const UPCOMING_LIMIT = 6;

/** GET /events/allActive?phase=upcoming: campaigns whose start date is still ahead, soonest first. */
export function getUpcomingCampaigns(kind: EventKind | undefined, signal?: AbortSignal): Promise<EventSummaryResponse[]> {
  const params = new URLSearchParams({ phase: 'upcoming', limit: String(UPCOMING_LIMIT) });
  if (kind) params.set('kind', kind);
  return api.get(publicSchema('EventSummaryList'), `/events/allActive?${params}`, signal);
}

export const upcomingCampaignsQuery = (kind: EventKind | undefined) =>
  queryOptions({ queryKey: queryKeys.events.active(kind ?? 'all', 'upcoming'), queryFn: ({ signal }) => getUpcomingCampaigns(kind, signal) });

export function useUpcomingCampaigns(kind: EventKind | undefined) {
  return useQuery(upcomingCampaignsQuery(kind));
}
