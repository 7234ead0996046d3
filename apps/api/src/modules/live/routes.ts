import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, type LiveTotals } from '@pledgeway/domain';
import { LIVE_PUBLISH_SPACING_MS, spacedSender } from '../../lib/live/channel.ts';
import { visibleCampaign } from '../pledges/index.ts';
import { writeToAll } from './fan-out.ts';
import { createLiveFeed, type CampaignLiveState } from './service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

/** Comment lines keep proxies from closing a quiet stream. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** Tells EventSource how long to wait before reconnecting. */
const RECONNECT_HINT_MS = 3_000;

/** After an instance stops, its pages reconnect between 1 and 6 s later, evenly spread. */
export const SHUTDOWN_RECONNECT_MS = { min: 1_000, spread: 5_000 };
export function shutdownReconnectDelay(random: () => number = Math.random): number {
  return Math.round(SHUTDOWN_RECONNECT_MS.min + random() * SHUTDOWN_RECONNECT_MS.spread);
}

function totalsMessage(totals: LiveTotals): string {
  return `event: totals\ndata: ${JSON.stringify(totals)}\n\n`;
}

interface CampaignStreams {
  clients: Set<ServerResponse>;
  /** Pages whose stream is opening: the entry stays while they wait for its first read. */
  joining: number;
  stopListening: () => void;
  /** The first read of the campaign; `current` is set once it is done. */
  ready: Promise<void>;
  /** What the last message (number `seq`) said: a page that joins gets it whole. */
  current?: { state: CampaignLiveState; seq: number };
}

/**
 * GET /api/events/{id}/live: server-sent events of what the campaign's pages show live. One
 * subscription to the live channel per campaign and instance; a change re-reads the campaign once
 * for all of its open pages and sends each the same message: what changed since the message before
 * (decision 129). An open page gets at most one message every LIVE_PUBLISH_SPACING_MS (the first
 * change at once, the changes within the spacing as one more message at its end), whatever the
 * database and however many instances announce changes (decision 105), and no sooner than the last
 * message took to write: live writes take at most half of an instance's time (decision 280).
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new Map<string, CampaignStreams>();
  const feed = createLiveFeed(app.ctx);

  const sender = spacedSender(async (eventId) => {
    const entry = streams.get(eventId);
    if (!entry) return 0;
    try {
      await entry.ready;
      const after = await feed.read(eventId);
      const before = entry.current!;
      // The state and its number change together, in one step with taking the pages to write to
      // (writeToAll's first step): a page joining gets one or the other whole, never a message it
      // cannot follow on from.
      entry.current = { state: after, seq: before.seq + 1 };
      const message = Buffer.from(totalsMessage(feed.delta(before.state, after, entry.current.seq)));
      return await writeToAll(entry.clients, message);
    } catch (error) {
      app.log.warn({ err: error, eventId }, 'live totals not sent');
      return 0;
    }
  }, LIVE_PUBLISH_SPACING_MS);

  function forget(eventId: string, entry: CampaignStreams) {
    if (entry.clients.size || entry.joining || streams.get(eventId) !== entry) return;
    entry.stopListening();
    streams.delete(eventId);
  }

  function entryOf(eventId: string): CampaignStreams {
    const existing = streams.get(eventId);
    if (existing) return existing;
    const entry: CampaignStreams = { clients: new Set(), joining: 0, stopListening: () => undefined, ready: Promise.resolve() };
    entry.stopListening = app.ctx.live.subscribe(eventId, () => sender.publish(eventId));
    entry.ready = feed.read(eventId).then((state) => {
      entry.current = { state, seq: 0 };
    });
    // A failed first read is the opening pages' error; the next page to open reads again.
    entry.ready.catch(() => {
      if (streams.get(eventId) === entry) {
        entry.stopListening();
        streams.delete(eventId);
      }
    });
    streams.set(eventId, entry);
    return entry;
  }

  /** Writes the campaign's whole state to a new page (through `open`) and adds it to those told of changes. */
  async function join(eventId: string, open: (first: string) => ServerResponse): Promise<() => void> {
    const entry = entryOf(eventId);
    entry.joining += 1;
    try {
      await entry.ready;
    } finally {
      entry.joining -= 1;
    }
    const { state, seq } = entry.current!;
    const client = open(totalsMessage(feed.snapshot(state, seq)));
    entry.clients.add(client);
    app.ctx.metrics.liveStreams.inc();
    return () => {
      if (entry.clients.delete(client)) app.ctx.metrics.liveStreams.dec();
      forget(eventId, entry);
    };
  }

  // Open streams never go idle: end them so the server can close. Each page is first told its own
  // wait before reconnecting (EventSource's `retry`), spread over a few seconds, so the pages of a
  // stopped instance do not all arrive at the others in the same second (decision 197).
  app.addHook('preClose', async () => {
    sender.stop();
    for (const entry of streams.values()) for (const client of entry.clients) client.end(`retry: ${shutdownReconnectDelay()}\n\n`);
  });

  app.get(
    '/events/:id/live',
    {
      compress: false,
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['pledges'],
        summary: 'Server-sent events (`event: totals`): the campaign totals and what its page shows, first whole, then what changed, numbered',
        params: IdParams,
      },
    },
    async (request, reply) => {
      const eventId = request.params.id;
      await visibleCampaign(app.ctx, eventId, request.auth);
      const quit = await join(eventId, (first) => {
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          // Reverse proxies (nginx) would otherwise buffer the stream.
          'x-accel-buffering': 'no',
        });
        raw.write(`retry: ${RECONNECT_HINT_MS}\n\n${first}`);
        return raw;
      });
      // The page may have gone while its first message was read.
      if (request.raw.socket.destroyed) {
        quit();
        return;
      }
      const heartbeat = setInterval(() => reply.raw.write(': heartbeat\n\n'), LIVE_HEARTBEAT_MS);
      heartbeat.unref();
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        quit();
      });
    },
  );
};
