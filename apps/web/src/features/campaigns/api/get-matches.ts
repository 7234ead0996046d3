import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MatchListResponse } from '@pledgeway/domain/schemas/matching';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/matches: each sponsor's match so far (or its fixed amount) and its cap, parsed (decision 099). */
export async function getMatches(eventId: string, signal?: AbortSignal): Promise<MatchListResponse> {
  // The schema (and zod, about 40 KB gzip) is fetched with the first read: a campaign page arrives
  // with its matches (server rendering), so it never evaluates the schema library unless it reads again.
  const [body, { MatchListResponse: schema }] = await Promise.all([
    api.get(`/events/${eventId}/matches`, signal),
    import('@pledgeway/domain/schemas/matching'),
  ]);
  return parseResponse(schema, body, 'the matches of this campaign');
}

export const matchesQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.matches(eventId), queryFn: ({ signal }) => getMatches(eventId, signal) });

export function useMatches(eventId: string) {
  return useQuery(matchesQueryOptions(eventId));
}
