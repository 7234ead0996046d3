import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { SUPPORTERS_PAGE_SIZE } from '@pledgeway/domain/catalog';
import type { SupportersResponse } from '@pledgeway/domain/schemas/pledges';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export { SUPPORTERS_PAGE_SIZE };

export function getSupporters(eventId: string, offset: number, signal?: AbortSignal): Promise<SupportersResponse> {
  return api.get(publicSchema('SupportersResponse'), `/events/${eventId}/supporters?offset=${offset}`, signal);
}

export const supportersQueryKey = queryKeys.events.supporters;

/** Newest first, 20 a page; "Show more" loads the next page. */
export const supportersQueryOptions = (eventId: string) =>
  infiniteQueryOptions({
    queryKey: supportersQueryKey(eventId),
    queryFn: ({ pageParam, signal }) => getSupporters(eventId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.supporters.length, 0);
      return last.data.supporters.length === SUPPORTERS_PAGE_SIZE && loaded < last.data.count ? loaded : undefined;
    },
  });

export function useSupporters(eventId: string) {
  return useInfiniteQuery(supportersQueryOptions(eventId));
}
