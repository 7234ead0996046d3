// The money bomb's open pages (scripts/bench/money-bomb.ts): each a browser's EventSource on the
// campaign's live stream, running the web page's own live logic (live-page.ts), and what they read.
import http from 'node:http';
import { maxReadsPerList } from '../../apps/web/src/lib/live/live-reads.ts';
import { BenchLivePage, type PageCache } from './live-page.ts';

/** The lists' reads the open pages sent (the web page's rule): all pages together, and the page nearest the rule's bound. */
export interface PageReads {
  total: number;
  mostOfOneList: number;
  allowedPerList: number;
  errors: number;
}

export interface TotalsMessage {
  at: number;
  data: string;
}

/**
 * A live message as the pages have it: parsed, and its figures as text (what a page shows of the
 * totals, whatever else the message carries). Every open page of an instance gets the same bytes
 * for a tick (decision 129), and a browser parses its own on its visitor's machine; the bench's
 * thousand pages share one machine with the server, so the same bytes are parsed once here, and
 * the pages' CPU does not slow the pledges the bench sends. The page logic never changes a message.
 */
const received = { data: '', message: undefined as unknown, figures: '' };
function parsedMessage(data: string): { message: unknown; figures: string } {
  if (received.data !== data) {
    const message = JSON.parse(data) as Record<string, unknown>;
    const { event_id, payment_amount, supporters, pledge_count, status, options } = message;
    Object.assign(received, { data, message, figures: JSON.stringify({ event_id, payment_amount, supporters, pledge_count, status, options }) });
  }
  return received;
}

/** One open page: a browser's EventSource, handing each message to the page's live logic when it has one. */
export class OpenPage {
  readonly messages: TotalsMessage[] = [];
  live: BenchLivePage | undefined;
  private buffer = '';
  private request: http.ClientRequest | undefined;
  first: Promise<void>;
  private gotFirst!: () => void;

  constructor(url: string) {
    this.first = new Promise((resolve, reject) => {
      this.gotFirst = resolve;
      this.request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`live stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => this.receive(chunk));
      });
      this.request.on('error', reject);
    });
  }

  private receive(chunk: string) {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      if (!block.includes('event: totals')) continue;
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data === undefined) continue;
      const { message, figures } = parsedMessage(data);
      this.messages.push({ at: performance.now(), data: figures });
      this.live?.receive(message as Parameters<BenchLivePage['receive']>[0]);
      if (this.messages.length === 1) this.gotFirst();
    }
  }

  /** When this page first showed `data` after `since`, if it did. */
  shown(data: string, since: number): number | undefined {
    const last = this.messages.at(-1);
    if (last?.data !== data) return undefined;
    let index = this.messages.length - 1;
    while (index > 0 && this.messages[index - 1]!.data === data && this.messages[index - 1]!.at >= since) index -= 1;
    return this.messages[index]!.at;
  }

  close() {
    this.request?.destroy();
    this.live?.close();
  }
}

/** Opens a page, again a second later while the server answers 503 (too busy), as the web app's stream does. */
async function openPage(url: string, logic?: () => BenchLivePage): Promise<OpenPage> {
  for (let attempt = 0; ; attempt += 1) {
    const page = new OpenPage(url);
    // Before its first message arrives: the page's logic sees every message, the first too.
    page.live = logic?.();
    try {
      await page.first;
      return page;
    } catch (error) {
      page.close();
      if (attempt >= 30 || !String(error).includes('503')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * The truth to compare the pages with: the live totals a fresh page opens with (the last tick's
 * state, decision 129) once they count `pledgeCount` pledges, every one acknowledged; after 5 s
 * without, what they count then (the difference is reported as pledges not stored).
 */
export async function totalsWithEveryPledge(liveUrl: string, pledgeCount: number): Promise<string> {
  const giveUp = performance.now() + 5000;
  for (;;) {
    const totals = await currentTotals(liveUrl);
    if ((JSON.parse(totals) as { pledge_count: number }).pledge_count >= pledgeCount || performance.now() > giveUp) return totals;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The live totals as a fresh page sees them (its first message). */
export async function currentTotals(liveUrl: string): Promise<string> {
  const page = await openPage(liveUrl);
  page.close();
  return page.messages[0]!.data;
}

export interface PageLogic {
  rendered: PageCache;
  baseUrl: string;
  eventId: string;
  agent: http.Agent;
}

export async function openPages(liveUrls: string[], count: number, logic: PageLogic): Promise<OpenPage[]> {
  const pages: OpenPage[] = [];
  // Fifty at a time, as visitors arrive: a thousand connections at once would measure the accept queue.
  for (let index = 0; index < count; index += 50) {
    const batch = Array.from({ length: Math.min(50, count - index) }, (_, offset) =>
      openPage(liveUrls[(index + offset) % liveUrls.length]!, () => new BenchLivePage(logic.baseUrl, logic.eventId, logic.rendered, logic.agent)),
    );
    pages.push(...(await Promise.all(batch)));
  }
  return pages;
}

/**
 * The open pages' reads, and the page that came nearest the read rule's bound: each page's bound is
 * what the rule allows over the time it has been open, which grows when an overloaded server keeps
 * the bomb, and so the pages, going longer than planned.
 */
export function pageReadsOf(pages: OpenPage[]): PageReads {
  const now = Date.now();
  const each = pages.flatMap((page) => {
    if (!page.live) return [];
    const most = Math.max(0, ...Object.values(page.live.readsSent));
    return [{ most, allowed: maxReadsPerList(now - page.live.openedAt) }];
  });
  const nearest = each.reduce((worst, page) => (page.most - page.allowed > worst.most - worst.allowed ? page : worst), each[0] ?? { most: 0, allowed: 1 });
  return {
    total: pages.reduce((sum, page) => sum + (page.live ? Object.values(page.live.readsSent).reduce((all, count) => all + count, 0) : 0), 0),
    mostOfOneList: nearest.most,
    allowedPerList: nearest.allowed,
    errors: pages.reduce((sum, page) => sum + (page.live?.readErrors ?? 0), 0),
  };
}
