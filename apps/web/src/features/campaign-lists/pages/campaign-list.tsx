import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { CampaignSort } from '@pledgeway/domain/catalog';
import { CampaignCardGrid, CampaignCardSkeleton } from '@/components/campaign';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageBanner } from '@/components/ui/page-banner';
import { cn } from '@/lib/cn';
import { CAMPAIGN_LISTS, listConfigFor } from '../components/list-config';
import { PAGE_SIZE, useActiveCampaigns } from '../api/get-active-campaigns';
import { listPath, sortFromSearch, SortForm, withSort } from '../components/sort-form';
import { StartingSoon } from '../components/starting-soon';

/** /events and its four kind filters: one page, the path decides the kind. */
export default function CampaignListPage() {
  const { pathname } = useLocation();
  const config = listConfigFor(pathname);
  // In the address (`?sort=`), so the server renders the list in that order: a choice made
  // without the app is a GET of the same page (decision 120).
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = sortFromSearch(searchParams);
  const category = searchParams.get('category')?.trim() || undefined;
  const query = useActiveCampaigns({ kind: config.kind, category, sort, phase: 'open' });

  useEffect(() => {
    document.title = `${config.title} — Pledgeway`;
  }, [config.title]);

  useEffect(() => {
    // docs/product.md#8-messages: a failed public list is only logged; the page shows a gentle empty state.
    if (query.error) console.warn('Could not load campaigns', query.error);
  }, [query.error]);

  return (
    <>
      <PageBanner title={config.title} subtitle={config.subtitle} image="campaigns" />
      <div className="container-page py-12 md:py-16">
        <KindNav current={config.path} sort={sort} />
        <StartingSoon kind={config.kind} />
        <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 className="text-2xl font-bold [overflow-wrap:anywhere] md:text-3xl">{category ? `${category} campaigns` : config.heading}</h2>
            {category && (
              <Link to={listPath(config.path, sort)} className="mt-1 inline-block text-sm font-semibold underline">
                Show every topic
              </Link>
            )}
          </div>
          <SortForm
            action={config.path}
            category={category}
            sort={sort}
            // In place, as a choice of how to look at this list: no new history entry, no scroll.
            onChange={(next) => setSearchParams((search) => withSort(search, next), { replace: true, preventScrollReset: true })}
          />
        </div>
        <CampaignResults
          query={query}
          emptyText={category ? `No live ${category} campaigns right now. Check back soon, or start one yourself.` : config.emptyText}
        />
      </div>
    </>
  );
}

/** The kinds of campaign, each list in the order chosen here. */
function KindNav({ current, sort }: { current: string; sort: CampaignSort }) {
  const navRef = useRef<HTMLElement>(null);
  // On a phone the row of kinds scrolls sideways: bring the chip of the list shown into view
  // (the row only, never the page).
  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector('[aria-current="page"]');
    if (!nav || !active) return;
    const row = nav.getBoundingClientRect();
    const chip = active.getBoundingClientRect();
    if (chip.right > row.right) nav.scrollLeft += chip.right - row.right + 16;
    else if (chip.left < row.left) nav.scrollLeft -= row.left - chip.left + 16;
  }, [current]);
  return (
    <nav ref={navRef} aria-label="Campaign kinds" className="-mx-1 mb-8 overflow-x-auto pb-1">
      <ul className="flex gap-2 px-1">
        {CAMPAIGN_LISTS.map((list) => (
          <li key={list.path}>
            <Link
              to={listPath(list.path, sort)}
              aria-current={list.path === current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                list.path === current ? 'bg-ink-900 text-white' : 'bg-ink-50 text-ink-700 hover:bg-ink-100',
              )}
            >
              {list.path === '/events' ? 'All Campaigns' : list.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The grid of live campaigns: skeletons while loading, an empty state, and "Load more". */
function CampaignResults({ query, emptyText }: { query: ReturnType<typeof useActiveCampaigns>; emptyText: string }) {
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  const loading = query.isPending;
  return (
    <>
      <div aria-live="polite" aria-busy={loading || query.isFetchingNextPage}>
        {loading ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading campaigns">
            {Array.from({ length: 6 }, (_, index) => (
              <li key={index}>
                <CampaignCardSkeleton />
              </li>
            ))}
          </ul>
        ) : events.length === 0 ? (
          <EmptyState
            title={query.isError ? 'Campaigns are taking a break' : 'No campaigns yet'}
            description={query.isError ? 'We could not load campaigns just now. Please try again in a moment.' : emptyText}
            action={
              query.isError ? (
                <Button variant="outline" onClick={() => query.refetch()}>
                  Try again
                </Button>
              ) : undefined
            }
          />
        ) : (
          <CampaignCardGrid events={events} className="grid-cols-1" />
        )}
      </div>

      {query.hasNextPage && (
        <div className="mt-10 flex justify-center">
          <Button variant="dark" loading={query.isFetchingNextPage} loadingText="Loading…" onClick={() => query.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
      {!loading && events.length > PAGE_SIZE && !query.hasNextPage && (
        <p className="mt-10 text-center text-sm text-ink-500">You have seen every campaign in this list.</p>
      )}
    </>
  );
}
