import { queryOptions, useQuery } from '@tanstack/react-query';
import { ManagedFundraisingPagesResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/fundraising-pages/manage: every page of the campaign, hidden ones included, for its host. */
export function getManagedFundraisingPages(eventId: string, signal?: AbortSignal) {
  return api
    .get<unknown>(`/events/${eventId}/fundraising-pages/manage`, signal)
    .then((body) => parseResponse(ManagedFundraisingPagesResponse, body, "the campaign's fundraising pages").data.pages);
}

export const managedFundraisingPagesQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.managedFundraisingPages(eventId), queryFn: ({ signal }) => getManagedFundraisingPages(eventId, signal) });

export function useManagedFundraisingPages(eventId: string) {
  return useQuery(managedFundraisingPagesQueryOptions(eventId));
}
