import type { QueryClient } from '@tanstack/react-query';
import { activeEventsQueryOptions } from '@/features/campaigns/api/get-active-events';
import { eventQueryOptions } from '@/features/campaigns/api/get-event';
import { fundraisingLeaderboardQueryOptions } from '@/features/campaigns/api/get-fundraising-leaderboard';
import { matchesQueryOptions } from '@/features/campaigns/api/get-matches';
import { promotionsQueryOptions } from '@/features/campaigns/api/get-promotions';
import { supportersQueryOptions } from '@/features/campaigns/api/get-supporters';
import { updatesQueryOptions } from '@/features/campaigns/api/get-updates';
import { popularEventsQuery } from '@/features/marketing/api/get-popular-events';
import { charitiesQuery } from '@/lib/charities';

/*
 * The route loaders' reads (docs/decisions/240): each puts what its page shows into the query
 * cache the page's components read with the same query options, so a page and its loader cannot
 * disagree on a key. A read that fails is left to the page: it shows its loading or error state
 * and asks again in the browser, as before (the server drops failed queries, entry-server.tsx).
 * Loaders return nothing: the data travels in the dehydrated query cache.
 */

/** Home: its first screen (the hero) has no data; the popular campaigns and the charities below it do. */
export async function loadHomePage(queryClient: QueryClient): Promise<null> {
  await Promise.all([queryClient.prefetchQuery(popularEventsQuery()), queryClient.prefetchQuery(charitiesQuery())]);
  return null;
}

/** The campaign page (/events/{id}): the campaign, then every section the page renders with it. */
export async function loadEventPage(queryClient: QueryClient, eventId: string): Promise<null> {
  await queryClient.prefetchQuery(eventQueryOptions(eventId));
  // No campaign (unknown, or not public): the page shows why; its sections are never rendered.
  if (queryClient.getQueryState(eventQueryOptions(eventId).queryKey)?.status !== 'success') return null;
  await Promise.all([
    queryClient.prefetchInfiniteQuery(supportersQueryOptions(eventId)),
    queryClient.prefetchQuery(promotionsQueryOptions(eventId)),
    queryClient.prefetchQuery(matchesQueryOptions(eventId)),
    queryClient.prefetchQuery(fundraisingLeaderboardQueryOptions(eventId)),
    queryClient.prefetchQuery(activeEventsQueryOptions(4)),
    queryClient.prefetchQuery(updatesQueryOptions(eventId)),
  ]);
  return null;
}
