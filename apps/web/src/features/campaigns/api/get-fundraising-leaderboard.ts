import { queryOptions, useQuery } from '@tanstack/react-query';
import { FundraisingLeaderboardResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/fundraising-pages: the campaign's shown pages, most raised first. */
export function getFundraisingLeaderboard(eventId: string, signal?: AbortSignal) {
  return api
    .get<unknown>(`/events/${eventId}/fundraising-pages`, signal)
    .then((body) => parseResponse(FundraisingLeaderboardResponse, body, "the campaign's fundraising pages").data.pages);
}

export const fundraisingLeaderboardQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.fundraisingPages(eventId), queryFn: ({ signal }) => getFundraisingLeaderboard(eventId, signal) });

export function useFundraisingLeaderboard(eventId: string) {
  return useQuery(fundraisingLeaderboardQueryOptions(eventId));
}
