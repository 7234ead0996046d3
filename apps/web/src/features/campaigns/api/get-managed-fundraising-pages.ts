import { queryOptions, useQuery } from '@tanstack/react-query';
import { ManagedFundraisingPagesResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/fundraising-pages/manage: every page of the campaign, hidden ones included, for its host. */
export function getManagedFundraisingPages(eventId: string, signal?: AbortSignal) {
  return api
    .get(ManagedFundraisingPagesResponse, `/events/${eventId}/fundraising-pages/manage`, signal, { what: "the campaign's fundraising pages" })
    .then((body) => body.data.pages);
}

export const managedFundraisingPagesQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.managedFundraisingPages(eventId), queryFn: ({ signal }) => getManagedFundraisingPages(eventId, signal) });

export function useManagedFundraisingPages(eventId: string) {
  return useQuery(managedFundraisingPagesQueryOptions(eventId));
}
