// One open campaign page as the bench runs it: the web app's own live logic (the read rule of
// apps/web/src/lib/live/live-reads.ts and the message handling of live-page.ts, decision 129) over
// a server-sent-events connection, sending exactly the reads the browser's page would send, to the
// same endpoints. What the browser receives with the rendered page (its queries' data) the bench
// reads once for all its pages, as the server renders it once for many visitors.
import http from 'node:http';
import {
  createLivePage,
  LIVE_LISTS,
  type LiveCacheShapes,
  type LiveList,
  type LiveMessage,
  type LivePageCache,
} from '../../apps/web/src/lib/live/live-page.ts';
import { createLiveReadScheduler, type LiveReadScheduler } from '../../apps/web/src/lib/live/live-reads.ts';

/** What a campaign page has cached when it opens (its server-rendered queries). */
export type PageCache = Partial<LiveCacheShapes>;

/** The URL the browser's page reads each list from (a refetch of the supporters list reads its first page). */
export function listUrl(baseUrl: string, eventId: string, list: Exclude<LiveList, 'fundraising-page'>): string {
  const path = { supporters: 'supporters?offset=0', matches: 'matches', promotions: 'promotions', 'fundraising-pages': 'fundraising-pages' }[list];
  return `${baseUrl}/api/events/${eventId}/${path}`;
}

function getJson(url: string, agent: http.Agent): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => (response.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${url} answered ${response.statusCode}`))));
      })
      .on('error', reject);
  });
}

/** A list's answer as the page's query keeps it. */
function cached(list: LiveList, body: unknown): LiveCacheShapes[LiveList] {
  if (list === 'supporters') return { pages: [body as LiveCacheShapes['supporters']['pages'][number]], pageParams: [0] };
  if (list === 'fundraising-pages') return (body as { data: { pages: LiveCacheShapes['fundraising-pages'] } }).data.pages;
  return body as LiveCacheShapes[LiveList];
}

/** The campaign page's queries as the server renders them: read once, copied into every bench page. */
export async function renderedPageCache(baseUrl: string, eventId: string, agent: http.Agent): Promise<PageCache> {
  const cache: PageCache = { event: (await getJson(`${baseUrl}/api/events/show/${eventId}`, agent)) as LiveCacheShapes['event'] };
  for (const list of ['supporters', 'matches', 'promotions', 'fundraising-pages'] as const) {
    (cache as Record<string, unknown>)[list] = cached(list, await getJson(listUrl(baseUrl, eventId, list), agent));
  }
  return cache;
}

/**
 * The page's live logic over a plain object instead of TanStack Query's cache. Each read the rule
 * allows is sent as the browser sends it and its answer replaces the list, as a refetch does.
 */
export class BenchLivePage {
  readonly readsSent: Record<LiveList, number> = Object.fromEntries(LIVE_LISTS.map((list) => [list, 0])) as Record<LiveList, number>;
  readErrors = 0;
  /** When the page opened: the read rule's bound grows with the time a page stays open. */
  readonly openedAt = Date.now();
  private readonly values: PageCache;
  private readonly scheduler: LiveReadScheduler<LiveList>;
  private readonly page: ReturnType<typeof createLivePage>;

  constructor(
    private readonly baseUrl: string,
    private readonly eventId: string,
    rendered: PageCache,
    private readonly agent: http.Agent,
  ) {
    this.values = structuredClone(rendered);
    const cache: LivePageCache = { get: (key) => this.values[key], set: (key, value) => void (this.values[key] = value) };
    this.scheduler = createLiveReadScheduler<LiveList>({ read: (list) => this.read(list), isVisible: () => true });
    this.page = createLivePage(cache, this.scheduler);
  }

  receive(message: LiveMessage) {
    this.page.receive(message);
  }

  private read(list: LiveList) {
    if (list === 'fundraising-page') return;
    this.readsSent[list] += 1;
    // As the browser's query cache tells the page (use-live-totals.ts): the messages that come
    // while the read is on its way are applied again on its answer.
    this.page.readStarted(list);
    getJson(listUrl(this.baseUrl, this.eventId, list), this.agent)
      .then((body) => {
        (this.values as Record<string, unknown>)[list] = cached(list, body);
        this.page.readAnswered(list);
      })
      .catch(() => {
        this.readErrors += 1;
        this.page.readEnded(list);
      });
  }

  /** What the page shows now, to compare with the browser's. */
  shows() {
    return this.values;
  }

  close() {
    this.scheduler.stop();
  }
}
