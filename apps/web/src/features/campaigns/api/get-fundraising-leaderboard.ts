import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/fundraising-pages: the campaign's shown pages, most raised first. */
export async function getFundraisingLeaderboard(eventId: string, signal?: AbortSignal) {
  return (
    await api.get(publicSchema('FundraisingLeaderboardResponse'), `/events/${eventId}/fundraising-pages`, signal, { what: "the campaign's fundraising pages" })
  ).data.pages;
}

export const fundraisingLeaderboardQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.fundraisingPages(eventId), queryFn: ({ signal }) => getFundraisingLeaderboard(eventId, signal) });

export function useFundraisingLeaderboard(eventId: string) {
  return useQuery(fundraisingLeaderboardQueryOptions(eventId));
}
