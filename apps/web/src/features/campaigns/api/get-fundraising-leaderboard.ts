import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/fundraising-pages: the campaign's shown pages, most raised first. */
export async function getFundraisingLeaderboard(eventId: string, signal?: AbortSignal) {
  // The schema (and zod) is fetched with the first read, as in get-matches.ts: the campaign page
  // arrives with its leaderboard, so it does not evaluate the schema library on load.
  const [body, { FundraisingLeaderboardResponse: schema }] = await Promise.all([
    api.get<unknown>(`/events/${eventId}/fundraising-pages`, signal),
    import('@pledgeway/domain/schemas/fundraising-pages'),
  ]);
  return parseResponse(schema, body, "the campaign's fundraising pages").data.pages;
}

export const fundraisingLeaderboardQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.fundraisingPages(eventId), queryFn: ({ signal }) => getFundraisingLeaderboard(eventId, signal) });

export function useFundraisingLeaderboard(eventId: string) {
  return useQuery(fundraisingLeaderboardQueryOptions(eventId));
}
