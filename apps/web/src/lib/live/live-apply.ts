import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import type { FundraisingPageSummary } from '@pledgeway/domain/schemas/fundraising-pages';
import type { MatchListResponse, MatchResponse } from '@pledgeway/domain/schemas/matching';
import { SUPPORTERS_PAGE_SIZE } from '@pledgeway/domain/catalog';
import type { LiveTotals, SupportersResponse } from '@pledgeway/domain/schemas/pledges';
import type { CampaignPromotionsResponse } from '@pledgeway/domain/schemas/promotions';

/**
 * How a live message (decision 129) changes what a page has cached, one pure function per list,
 * shared by the web app's query cache and the bench's simulated pages. Each takes the cached value
 * and gives the new one; lines are absolute values by id, so applying one twice changes nothing.
 */

/** The figures of a live message, as the campaign page's cached campaign holds them. */
export type LiveFigures = Pick<LiveTotals, 'payment_amount' | 'supporters' | 'pledge_count' | 'status' | 'options'>;

export function figuresMatch(event: EventDetailResponse, totals: LiveFigures): boolean {
  return (
    event.payment_amount === totals.payment_amount &&
    event.pledges.count === totals.pledge_count &&
    event.supporters === totals.supporters &&
    event.status === totals.status &&
    JSON.stringify(event.runoff_totals ?? []) === JSON.stringify(totals.options)
  );
}

export function applyFigures(event: EventDetailResponse, totals: LiveFigures): EventDetailResponse {
  return {
    ...event,
    payment_amount: totals.payment_amount,
    supporters: totals.supporters,
    status: totals.status as EventDetailResponse['status'],
    pledges: { total: totals.payment_amount, count: totals.pledge_count },
    // A runoff's options: the ranking re-sorts from these on every change.
    runoff_totals: totals.options,
  };
}

/** The supporters list's loaded pages, as TanStack Query's infinite query holds them. */
export interface SupporterPages {
  pages: SupportersResponse[];
  pageParams: unknown[];
}

/** The supporters the message adds that the list does not have yet, newest first. */
export function newSupporters(list: SupporterPages, message: Pick<LiveTotals, 'supporters_added'>) {
  const known = new Set(list.pages.flatMap((page) => page.data.supporters.map((supporter) => supporter._id)));
  return message.supporters_added.filter((supporter) => !known.has(supporter._id));
}

/**
 * The new supporters on top of the first page, and the count and total the list's heading shows.
 * With one page loaded, the page keeps one page's worth (or what it had, if more): the oldest go off
 * its end, where "Show more" (offset = the lines shown) finds them, as the server's list has moved
 * down by as many. Otherwise a page left open through a money bomb would hold, and draw, every
 * pledge of it. With more pages loaded the first grows, so that no line falls between two pages.
 */
export function applySupporters(list: SupporterPages, message: Pick<LiveTotals, 'supporters_added' | 'pledge_count' | 'payment_amount'>): SupporterPages {
  const added = newSupporters(list, message);
  const [first, ...rest] = list.pages;
  if (!first) return list;
  const lines = [...added, ...first.data.supporters];
  const kept = rest.length ? lines : lines.slice(0, Math.max(SUPPORTERS_PAGE_SIZE, first.data.supporters.length));
  const data = { ...first.data, supporters: kept, count: message.pledge_count, total: message.payment_amount };
  return { ...list, pages: [{ ...first, data }, ...rest] };
}

const byId = <T extends { _id: string }>(lines: T[]) => new Map(lines.map((line) => [line._id, line]));

export function applyMatches(list: MatchListResponse, lines: LiveTotals['matches']): MatchListResponse {
  const changed = byId(lines);
  if (!changed.size) return list;
  const matches = list.data.matches.map((match) => {
    const line = changed.get(match._id);
    return line ? { ...match, status: line.status as MatchResponse['status'], matched_amount: line.matched_amount } : match;
  });
  return { ...list, data: { matches } };
}

/** Most raised first, then the oldest page, as the API orders the leaderboard. */
function leaderboardOrder(a: FundraisingPageSummary, b: FundraisingPageSummary) {
  return b.raised - a.raised || a.created_at.localeCompare(b.created_at) || a._id.localeCompare(b._id);
}

export function applyLeaderboard(
  pages: FundraisingPageSummary[],
  message: Pick<LiveTotals, 'fundraising_pages' | 'fundraising_pages_removed'>,
): FundraisingPageSummary[] {
  const changed = byId(message.fundraising_pages);
  const removed = new Set(message.fundraising_pages_removed);
  if (!changed.size && !removed.size) return pages;
  return pages
    .filter((page) => !removed.has(page._id))
    .map((page) => {
      const line = changed.get(page._id);
      return line ? { ...page, raised: line.raised, supporters: line.supporters } : page;
    })
    .sort(leaderboardOrder);
}

/** A fundraising page's own screen: its line of the leaderboard. */
export function applyPageLine<Page extends { _id: string; raised: number; supporters: number }>(page: Page, lines: LiveTotals['fundraising_pages']): Page {
  const line = lines.find((candidate) => candidate._id === page._id);
  return line ? { ...page, raised: line.raised, supporters: line.supporters } : page;
}

export function applyPromotions(list: CampaignPromotionsResponse, lines: LiveTotals['promotions']): CampaignPromotionsResponse {
  const changed = byId(lines);
  if (!changed.size) return list;
  const promotions = list.data.promotions.map((promotion) => {
    const line = changed.get(promotion._id);
    return line ? { ...promotion, raised: line.raised, pledges: line.pledges } : promotion;
  });
  return { ...list, data: { promotions } };
}

/** Ids a message names that the cached list lacks: a line the page has never read (a new offer, page or promoter). */
export function unknownIds(cached: Array<{ _id: string }>, lines: Array<{ _id: string }>): boolean {
  const known = new Set(cached.map((line) => line._id));
  return lines.some((line) => !known.has(line._id));
}
