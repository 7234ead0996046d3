import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MatchListResponse } from '@pledgeway/domain/schemas/matching';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/matches: each sponsor's match so far (or its fixed amount) and its cap, parsed (decision 099). */
export async function getMatches(eventId: string, signal?: AbortSignal): Promise<MatchListResponse> {
  return api.get(publicSchema('MatchListResponse'), `/events/${eventId}/matches`, signal, { what: 'the matches of this campaign' });
}

export const matchesQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.matches(eventId), queryFn: ({ signal }) => getMatches(eventId, signal) });

export function useMatches(eventId: string) {
  return useQuery(matchesQueryOptions(eventId));
}
