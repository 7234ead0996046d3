import { EventDetailResponse, EventSummaryResponse } from '@pledgeway/domain';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { CachedEvent, CachedList, ListQuery, PublicReads } from '../../lib/public-reads.ts';
import { ReadCache } from '../../lib/read-cache.ts';
import { catalogService } from '../catalog/service.ts';
import { SerialisedBody } from '../../lib/send-json.ts';
import { isPubliclyVisible, toPublicEventSummary } from '../event-reads/read-model.ts';
import { loadEventDetail, toPublicEventDetail } from './read-model.ts';

const PublicList = z.array(EventSummaryResponse);

/**
 * The public reads (event page, campaign list, link previews), served from a per-instance cache
 * cleared by every write of this instance and at most 1 s old otherwise (decision 062).
 */
export function createPublicReads(db: Executor): PublicReads {
  // A busy page is read again in the background in the last 100 ms of its second, so no visitor
  // waits for that read; it is then read about every 900 ms (a longer window reads it more often).
  const events = new ReadCache<CachedEvent | null>({ ttlMs: 1000, maxEntries: 500, refreshAheadMs: 100 });
  const lists = new ReadCache<CachedList>({ ttlMs: 1000, maxEntries: 200, refreshAheadMs: 100 });
  const clearListeners: (() => void)[] = [];

  return {
    /**
     * The public view of a campaign (also of an unpublished one: the caller decides who may see it).
     * Only published campaigns are kept: the rest are read by their creator and admins alone, and a
     * campaign's approval then shows at once.
     */
    event(eventId: string): Promise<CachedEvent | null> {
      return events.get(
        eventId,
        async () => {
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
        },
        (cached) => cached !== null && isPubliclyVisible(cached.status),
      );
    },

    list(query: ListQuery): Promise<CachedList> {
      const key = `${query.kind ?? ''}|${query.category?.toLowerCase() ?? ''}|${query.phase ?? ''}|${query.sort}|${query.limit}|${query.offset}`;
      return lists.get(key, async () => {
        // One extra row tells whether another page exists without a count query.
        const rows = await catalogService.listPublicCampaignSummaries(db, { ...query, limit: query.limit + 1, now: new Date() });
        const page = PublicList.parse(rows.slice(0, query.limit).map(toPublicEventSummary));
        return { body: SerialisedBody.json(page), nextOffset: rows.length > query.limit ? query.offset + query.limit : undefined };
      });
    },

    /** Called after every successful write request, and by jobs that change campaigns or pledges. */
    clear() {
      events.clear();
      lists.clear();
      for (const listener of clearListeners) listener();
    },

    /** Caches built from these reads (the server-rendered pages) are cleared with them. */
    onClear(listener: () => void) {
      clearListeners.push(listener);
    },
  };
}

export { isPubliclyVisible };
