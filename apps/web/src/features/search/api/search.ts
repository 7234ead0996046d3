import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@pledgeway/domain/schemas/search';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function searchSite(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  return api.get(publicSchema('SearchResponse'), `/search?q=${encodeURIComponent(q)}`, signal);
}

export const searchQuery = (q: string) =>
  queryOptions({ queryKey: queryKeys.search(q), queryFn: ({ signal }) => searchSite(q, signal), staleTime: 60_000, enabled: q.length > 0 });

/** Results for the (already debounced) text; the previous results stay while the next load. */
export function useSearch(q: string) {
  return useQuery({ ...searchQuery(q), placeholderData: keepPreviousData });
}
