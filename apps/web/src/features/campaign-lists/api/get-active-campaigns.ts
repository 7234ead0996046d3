import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EventKind, EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import type { CampaignPhase, CampaignSort } from '@pledgeway/domain/catalog';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** docs/product.md#9-limits-and-constants caps a list at 9 cards; "Load more" fetches the next 9. */
export const PAGE_SIZE = 9;

export interface ActiveCampaignsFilter {
  kind?: EventKind;
  category?: string;
  sort: CampaignSort;
  /** `open` leaves out campaigns that start later (they have their own "Starting soon" section). */
  phase?: CampaignPhase;
}

export interface ActiveCampaignsPage {
  events: EventSummaryResponse[];
  nextOffset: number | undefined;
}

/**
 * One page of GET /api/events/allActive. The body is the plain array of docs/product.md#7-api-calls; asking for one row
 * more than shown tells whether another page exists without reading response headers.
 */
export async function getActiveCampaigns(filter: ActiveCampaignsFilter, offset: number, signal?: AbortSignal): Promise<ActiveCampaignsPage> {
  const params = new URLSearchParams({ sort: filter.sort, limit: String(PAGE_SIZE + 1), offset: String(offset) });
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.category) params.set('category', filter.category);
  if (filter.phase) params.set('phase', filter.phase);
  const rows = await api.get(publicSchema('EventSummaryList'), `/events/allActive?${params}`, signal);
  return { events: rows.slice(0, PAGE_SIZE), nextOffset: rows.length > PAGE_SIZE ? offset + PAGE_SIZE : undefined };
}

export const activeCampaignsQuery = (filter: ActiveCampaignsFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.events.active(filter.kind ?? 'all', filter.category ?? '', filter.sort, filter.phase ?? 'any'),
    queryFn: ({ pageParam, signal }) => getActiveCampaigns(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextOffset,
  });

export function useActiveCampaigns(filter: ActiveCampaignsFilter) {
  return useInfiniteQuery(activeCampaignsQuery(filter));
}
