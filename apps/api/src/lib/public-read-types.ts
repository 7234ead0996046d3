import type { EventStatus } from '@pledgeway/domain';
import type { CampaignPhase } from '@pledgeway/domain/catalog';
import type { EventKind } from '@pledgeway/domain/schemas/event-response';
import type { CampaignSort } from '@pledgeway/domain/schemas/public';
import type { SerialisedBody } from './send-json.ts';

// The shape of the public reads (built by modules/events/public-read-cache.ts), kept here so that
// AppContext names it without importing a module: a module's service imports AppContext, and the
// public reads import module services, so the type import closed a circle (decision 101).

/** One campaign as the public read serves it: the JSON serialised once, plus what decides who may see it. */
export interface CachedEvent {
  status: EventStatus;
  ownerId: string;
  name: string;
  description: string;
  bannerImage: string;
  body: SerialisedBody;
}

export interface CachedList {
  body: SerialisedBody;
  nextOffset: number | undefined;
}

export interface ListQuery {
  kind?: EventKind;
  category?: string;
  phase?: CampaignPhase;
  sort: CampaignSort;
  limit: number;
  offset: number;
}

export interface PublicReads {
  /**
   * The public view of a campaign (also of an unpublished one: the caller decides who may see it).
   * `readerId`: the signed-in reader, who is answered what was read after their own last pledge.
   */
  event(eventId: string, readerId?: string): Promise<CachedEvent | null>;
  list(query: ListQuery, readerId?: string): Promise<CachedList>;
  /** Called after every successful write request, and by jobs that change campaigns or pledges. */
  clear(): void;
  /**
   * After a write that changes only totals (a pledge, decision 125): what is kept is still served,
   * up to its 1 s, to everyone but the writer, and read again in the background.
   */
  markStale(writerId: string | undefined): void;
  /** Caches built from these reads (the server-rendered pages) are marked stale with them. */
  onChange(listener: () => void): void;
  /** Settles once the other instances were told of this instance's changes so far (decision 196). */
  announced(): Promise<void>;
}
