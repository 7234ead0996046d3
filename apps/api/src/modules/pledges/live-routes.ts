import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, type LiveTotals } from '@pledgeway/domain';
import { LIVE_PUBLISH_SPACING_MS, spacedSender } from '../../lib/live/channel.ts';
import { readLiveTotals, visibleCampaign } from './supporters-service.ts';

/** Comment lines keep proxies from closing a quiet stream. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** Tells EventSource how long to wait before reconnecting. */
const RECONNECT_HINT_MS = 3_000;

function totalsMessage(totals: LiveTotals): string {
  return `event: totals\ndata: ${JSON.stringify(totals)}\n\n`;
}

interface CampaignStreams {
  clients: Set<ServerResponse>;
  stopListening: () => void;
}

/**
 * GET /api/events/{id}/live: server-sent events of the campaign's totals. One subscription to the
 * live channel per campaign and instance; a change re-reads the totals once for all of its open
 * pages. An open page gets at most one message every LIVE_PUBLISH_SPACING_MS (the first change at
 * once, the changes within the spacing as one more message at its end), whatever the database
 * and however many instances announce changes: during a money bomb a page is told ten times a
 * second, not once per pledge, and one read serves every page of the campaign.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new Map<string, CampaignStreams>();

  const sender = spacedSender(async (eventId) => {
    const entry = streams.get(eventId);
    if (!entry?.clients.size) return;
    try {
      const message = totalsMessage(await readLiveTotals(app.ctx, eventId));
      for (const client of entry.clients) client.write(message);
    } catch (error) {
      app.log.warn({ err: error, eventId }, 'live totals not sent');
    }
  }, LIVE_PUBLISH_SPACING_MS);

  function join(eventId: string, client: ServerResponse): () => void {
    let entry = streams.get(eventId);
    if (!entry) {
      const created: CampaignStreams = { clients: new Set(), stopListening: () => undefined };
      created.stopListening = app.ctx.live.subscribe(eventId, () => sender.publish(eventId));
      streams.set(eventId, created);
      entry = created;
    }
    entry.clients.add(client);
    const joined = entry;
    return () => {
      joined.clients.delete(client);
      if (!joined.clients.size && streams.get(eventId) === joined) {
        joined.stopListening();
        streams.delete(eventId);
      }
    };
  }

  // Open streams never go idle: end them so the server can close.
  app.addHook('preClose', async () => {
    sender.stop();
    for (const entry of streams.values()) for (const client of entry.clients) client.end();
  });

  app.get(
    '/events/:id/live',
    {
      compress: false,
      schema: { tags: ['pledges'], summary: 'Server-sent events (`event: totals`) with the campaign totals, sent on every change', params: IdParams },
    },
    async (request, reply) => {
      const eventId = request.params.id;
      await visibleCampaign(app.ctx, eventId, request.auth);
      const first = totalsMessage(await readLiveTotals(app.ctx, eventId));
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
      const leave = join(eventId, raw);
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), LIVE_HEARTBEAT_MS);
      heartbeat.unref();
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        leave();
      });
    },
  );
};
