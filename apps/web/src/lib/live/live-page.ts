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

type Change<K extends keyof LiveCacheShapes> = (value: LiveCacheShapes[K], message: FullMessage) => LiveCacheShapes[K];

/** How a message changes each cached value, from its cached value to the new one. */
const CHANGES: { [K in keyof LiveCacheShapes]: Change<K> } = {
  event: (event, message) => applyFigures(event, message),
  supporters: (list, message) => applySupporters(list, message),
  matches: (list, message) => applyMatches(list, message.matches),
  'fundraising-pages': (pages, message) => applyLeaderboard(pages, message),
  promotions: (list, message) => applyPromotions(list, message.promotions),
  'fundraising-page': (page, message) => applyPageLine(page, message.fundraising_pages),
};
const CACHED = Object.keys(CHANGES) as (keyof LiveCacheShapes)[];

function applyTo<K extends keyof LiveCacheShapes>(cache: LivePageCache, key: K, message: FullMessage) {
  const value = cache.get(key);
  if (value !== undefined) cache.set(key, (CHANGES[key] as Change<K>)(value, message));
}

function applyMessage(cache: LivePageCache, message: FullMessage) {
  for (const key of CACHED) applyTo(cache, key, message);
}

/**
 * Messages kept for one read in flight. A read slower than this many messages is answered with a
 * list that may predate some of them, so the list is read once more instead.
 */
export const REPLAY_LIMIT = 100;
/**
 * How much older than its request an answer may be: the campaign's public read is served from a
 * cache entry up to 1 s old (decision 062). The messages of that last second are applied again on
 * an answer too.
 */
export const ANSWER_AGE_MS = 1_000;

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
 *
 * A read of a list may be answered after messages that came while it was on its way, with what the
 * server held before them: its answer would then put back what they changed, for good, since the
 * next message carries only what changes next. So the screen says when a read of a cached value
 * starts and ends (`readStarted`, `readAnswered`), and the messages that came meanwhile are applied
 * again on its answer. Their lines are absolute values by id: applied on an answer that is already
 * newer, they change nothing the next message does not set right.
 */
export function createLivePage(cache: LivePageCache, reads: Pick<LiveReadScheduler<LiveList>, 'request'>, now: () => number = Date.now) {
  let cursor: { stream: string; seq: number } | undefined;
  /** The messages of the last ANSWER_AGE_MS, oldest first. */
  const recent: { at: number; message: FullMessage }[] = [];
  /** Each value being read, with the messages received since its read was sent (the newest kept past the limit). */
  const inFlight = new Map<keyof LiveCacheShapes, { messages: FullMessage[]; overflowed: boolean }>();

  function readEverything() {
    for (const list of LIVE_LISTS) if (cache.get(list) !== undefined) reads.request(list);
  }

  function handle(message: FullMessage) {
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
  }

  return {
    receive(received: LiveMessage) {
      const message = complete(received);
      recent.push({ at: now(), message });
      while (recent.length > REPLAY_LIMIT || (recent.length && recent[0]!.at < now() - ANSWER_AGE_MS)) recent.shift();
      for (const missed of inFlight.values()) {
        if (missed.messages.length < REPLAY_LIMIT) missed.messages.push(message);
        else missed.overflowed = true;
        if (missed.overflowed) missed.messages[missed.messages.length - 1] = message;
      }
      handle(message);
    },
    /** A read of `key` was sent: the messages from now on (and of the last ANSWER_AGE_MS) are applied again on its answer. */
    readStarted(key: keyof LiveCacheShapes) {
      const since = now() - ANSWER_AGE_MS;
      inFlight.set(key, { messages: recent.filter(({ at }) => at >= since).map(({ message }) => message), overflowed: false });
    },
    /** The read's answer is in the cache: the messages that came while it was on its way, applied on it. */
    readAnswered(key: keyof LiveCacheShapes) {
      const missed = inFlight.get(key);
      inFlight.delete(key);
      if (!missed) return;
      for (const message of missed.messages) applyTo(cache, key, message);
      // The figures are whole in every message; a list's lines are not, so it is read again.
      if (missed.overflowed && key !== 'event') reads.request(key);
    },
    /** The read failed or was called off: the cache keeps what it had, with every message applied. */
    readEnded(key: keyof LiveCacheShapes) {
      inFlight.delete(key);
    },
  };
}
