import { EventDetailResponse, EventSummaryResponse } from '@pledgeway/domain';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { CachedEvent, CachedList, ListQuery, PublicReads } from '../../lib/public-read-types.ts';
import { ReadCache } from '../../lib/read-cache.ts';
import { catalogService } from '../catalog/index.ts';
import { SerialisedBody } from '../../lib/send-json.ts';
import { isPubliclyVisible, toPublicEventSummary } from '../event-reads/index.ts';
import { loadEventDetail, toPublicEventDetail } from './campaign-detail.ts';

const PublicList = z.array(EventSummaryResponse);

/** How long a pledge's writer is answered reads made after it: the life of an entry. */
const TTL_MS = 1000;

/**
 * The public reads (event page, campaign list, link previews), served from a per-instance cache
 * cleared by every write of this instance and at most 1 s old otherwise (decision 062). A pledge
 * only marks them stale (decision 125): during a money bomb a clear per pledge would read the
 * campaign again for nearly every request.
 */
export function createPublicReads(db: Executor, now: () => number = Date.now): PublicReads {
  // A busy page is read again in the background in the last 100 ms of its second, so no visitor
  // waits for that read; it is then read about every 900 ms (a longer window reads it more often).
  // Marked stale by pledges, an entry is read again at most four times a second.
  const options = { ttlMs: TTL_MS, refreshAheadMs: 100, staleReloadAfterMs: 250 };
  const events = new ReadCache<CachedEvent | null>({ ...options, maxEntries: 500 }, now);
  const lists = new ReadCache<CachedList>({ ...options, maxEntries: 200 }, now);
  const changeListeners: (() => void)[] = [];
  /** Each recent pledge's writer: the caches' generations after the pledge, oldest first. */
  const writers = new Map<string, { events: number; lists: number; at: number }>();

  function writtenSince(readerId: string | undefined) {
    if (!readerId) return undefined;
    const wrote = writers.get(readerId);
    // Past an entry's life, whatever is served was read after the write anyway.
    return wrote && now() - wrote.at < TTL_MS ? wrote : undefined;
  }

  return {
    /**
     * The public view of a campaign (also of an unpublished one: the caller decides who may see it).
     * Only published campaigns are kept: the rest are read by their creator and admins alone, and a
     * campaign's approval then shows at once.
     */
    event(eventId: string, readerId?: string): Promise<CachedEvent | null> {
      const load = async (): Promise<CachedEvent | null> => {
        const loaded = await loadEventDetail(db, eventId);
        if (!loaded) return null;
        // Parsed through the response schema once, so nothing unnamed leaves the server.
        const body = EventDetailResponse.parse(toPublicEventDetail(loaded.detail));
        const { row } = loaded;
        return {
          status: row.status,
          ownerId: row.ownerId,
          name: row.name,
          description: row.description,
          bannerImage: row.bannerImage,
          body: SerialisedBody.json(body),
        };
      };
      const keep = (cached: CachedEvent | null) => cached !== null && isPubliclyVisible(cached.status);
      const wrote = writtenSince(readerId);
      return wrote ? events.getLoadedSince(wrote.events, eventId, load, keep) : events.get(eventId, load, keep);
    },

    list(query: ListQuery, readerId?: string): Promise<CachedList> {
      const key = `${query.kind ?? ''}|${query.category?.toLowerCase() ?? ''}|${query.phase ?? ''}|${query.sort}|${query.limit}|${query.offset}`;
      const load = async () => {
        // One extra row tells whether another page exists without a count query.
        const rows = await catalogService.listPublicCampaignSummaries(db, { ...query, limit: query.limit + 1, now: new Date() });
        const page = PublicList.parse(rows.slice(0, query.limit).map(toPublicEventSummary));
        return { body: SerialisedBody.json(page), nextOffset: rows.length > query.limit ? query.offset + query.limit : undefined };
      };
      const wrote = writtenSince(readerId);
      return wrote ? lists.getLoadedSince(wrote.lists, key, load) : lists.get(key, load);
    },

    clear() {
      events.clear();
      lists.clear();
      for (const listener of changeListeners) listener();
    },

    markStale(writerId) {
      events.markStale();
      lists.markStale();
      if (writerId) {
        // Re-inserted, so the map stays ordered by time and the expired are dropped from its front.
        writers.delete(writerId);
        writers.set(writerId, { events: events.currentGeneration, lists: lists.currentGeneration, at: now() });
        for (const [id, wrote] of writers) {
          if (now() - wrote.at < TTL_MS) break;
          writers.delete(id);
        }
      }
      for (const listener of changeListeners) listener();
    },

    onChange(listener: () => void) {
      changeListeners.push(listener);
    },

    // One instance's own reads: telling the others is lib/live/read-changes.ts's part.
    announced: () => Promise.resolve(),
  };
}

export { isPubliclyVisible };
