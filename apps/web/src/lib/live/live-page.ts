import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import type { FundraisingPageSummary } from '@pledgeway/domain/schemas/fundraising-pages';
import type { MatchListResponse } from '@pledgeway/domain/schemas/matching';
import type { LiveTotals } from '@pledgeway/domain/schemas/pledges';
import type { CampaignPromotionsResponse } from '@pledgeway/domain/schemas/promotions';
import {
  applyFigures,
  applyLeaderboard,
  applyMatches,
  applyPageLine,
  applyPromotions,
  applySupporters,
  figuresMatch,
  newSupporters,
  unknownIds,
  type SupporterPages,
} from './live-apply';
import type { LiveReadScheduler } from './live-reads';

/** What a live screen may keep in its cache, by list: the campaign, and the lists it reads. */
export interface LiveCacheShapes {
  event: EventDetailResponse;
  supporters: SupporterPages;
  matches: MatchListResponse;
  promotions: CampaignPromotionsResponse;
  'fundraising-pages': FundraisingPageSummary[];
  /** A fundraising page's own screen: the page, with its raised total and supporters. */
  'fundraising-page': { _id: string; raised: number; supporters: number };
}

/** The lists a live screen reads again (never the campaign: the message carries its figures). */
export type LiveList = Exclude<keyof LiveCacheShapes, 'event'>;
export const LIVE_LISTS: readonly LiveList[] = ['supporters', 'matches', 'promotions', 'fundraising-pages', 'fundraising-page'];

/** Where a screen keeps what it shows: the web app's query cache, or the bench page's own object. */
export interface LivePageCache {
  get<K extends keyof LiveCacheShapes>(key: K): LiveCacheShapes[K] | undefined;
  set<K extends keyof LiveCacheShapes>(key: K, value: LiveCacheShapes[K]): void;
}

/** The fields of a live message a screen uses (older servers send only the figures: the arrays default empty). */
export type LiveMessage = Pick<LiveTotals, 'payment_amount' | 'supporters' | 'pledge_count' | 'status' | 'options'> &
  Partial<Pick<LiveTotals, 'stream' | 'seq' | 'supporters_added' | 'matches' | 'fundraising_pages' | 'fundraising_pages_removed' | 'promotions'>>;

type FullMessage = Required<LiveMessage>;

function complete(message: LiveMessage): FullMessage {
  return {
    stream: '',
    seq: 0,
    supporters_added: [],
    matches: [],
    fundraising_pages: [],
    fundraising_pages_removed: [],
    promotions: [],
    ...message,
  };
}

/** Each list the message changes, from its cached value to the new one. */
function applyMessage(cache: LivePageCache, message: FullMessage) {
  const update = <K extends keyof LiveCacheShapes>(key: K, change: (value: LiveCacheShapes[K]) => LiveCacheShapes[K]) => {
    const value = cache.get(key);
    if (value !== undefined) cache.set(key, change(value));
  };
  update('event', (event) => applyFigures(event, message));
  update('supporters', (list) => applySupporters(list, message));
  update('matches', (list) => applyMatches(list, message.matches));
  update('fundraising-pages', (pages) => applyLeaderboard(pages, message));
  update('promotions', (list) => applyPromotions(list, message.promotions));
  update('fundraising-page', (page) => applyPageLine(page, message.fundraising_pages));
}

/**
 * The lists a message that follows on from the last cannot complete by itself: a line the page has
 * never read (a new offer, fundraising page or promoter), or more supporters than it carries when
 * "Show more" has loaded further pages. With one page shown, the message's newest supporters (as
 * many as a page holds) are that page, and those it did not carry fall below it, where "Show
 * more" finds them: no read, however fast the pledges come.
 */
function incompleteLists(cache: LivePageCache, message: FullMessage): LiveList[] {
  const lists: LiveList[] = [];
  const supporters = cache.get('supporters');
  const countBefore = supporters?.pages[0]?.data.count;
  const severalPages = (supporters?.pages.length ?? 0) > 1;
  if (supporters && severalPages && countBefore !== undefined && countBefore + newSupporters(supporters, message).length !== message.pledge_count)
    lists.push('supporters');
  const matches = cache.get('matches');
  if (matches && unknownIds(matches.data.matches, message.matches)) lists.push('matches');
  const pages = cache.get('fundraising-pages');
  if (pages && unknownIds(pages, message.fundraising_pages)) lists.push('fundraising-pages');
  const promotions = cache.get('promotions');
  if (promotions && unknownIds(promotions.data.promotions, message.promotions)) lists.push('promotions');
  return lists;
}

/**
 * One open screen's handling of its live stream (decision 129), the same in the browser and in the
 * bench: a message that follows the last one (same stream, next number, or the same again after a
 * reconnect) is applied to the cache without reading; a gap (another stream, a number skipped, or
 * a first message that differs from what the page was rendered with) is applied and every list the
 * screen has is read once more, through the read rule (`live-reads.ts`).
 */
export function createLivePage(cache: LivePageCache, reads: Pick<LiveReadScheduler<LiveList>, 'request'>) {
  let cursor: { stream: string; seq: number } | undefined;

  function readEverything() {
    for (const list of LIVE_LISTS) if (cache.get(list) !== undefined) reads.request(list);
  }

  return {
    receive(received: LiveMessage) {
      const message = complete(received);
      const previous = cursor;
      cursor = { stream: message.stream, seq: message.seq };
      if (!previous) {
        const event = cache.get('event');
        // The stream opens with the figures as they are; the page was rendered from them moments
        // before, so when they match, nothing is re-rendered or read again right after it loads.
        if (event && figuresMatch(event, message)) return;
        applyMessage(cache, message);
        readEverything();
        return;
      }
      const followsOn = message.stream === previous.stream && (message.seq === previous.seq + 1 || message.seq === previous.seq);
      const incomplete = followsOn ? incompleteLists(cache, message) : [];
      applyMessage(cache, message);
      if (!followsOn) readEverything();
      for (const list of incomplete) reads.request(list);
    },
  };
}
