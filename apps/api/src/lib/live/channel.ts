import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { batchedAnnouncer, parseReadChange, READS_NOTIFY_CHANNEL, type ReadChange } from './read-changes.ts';

/**
 * "A campaign's figures changed": published after a change is committed and heard by every
 * instance (docs/architecture.md#providers). Listeners re-read what they show; the message carries only the
 * campaign id, so a listener can never show figures that were not committed.
 */
export interface LiveChannel {
  /** Tells every instance that this campaign's totals changed (on PostgreSQL spaced, see `spacedSender`). Never throws. */
  publish(eventId: string): Promise<void>;
  /** Calls `listener` on every change of this campaign; returns the function that stops it. */
  subscribe(eventId: string, listener: () => void): () => void;
  /**
   * Tells the other instances that this one's public reads changed (decision 196); settles once
   * told (never throws). One process (the embedded database) has no one to tell.
   */
  announceReads(change: ReadChange): Promise<void>;
  /** Calls `listener` with each change another instance announced. */
  onReads(listener: (change: ReadChange) => void): void;
  close(): Promise<void>;
}

export const LIVE_NOTIFY_CHANNEL = 'pledgeway_live';
const RECONNECT_DELAY_MS = 1_000;
/** A campaign's changes are announced at most this often by one instance (the first one at once). */
export const LIVE_PUBLISH_SPACING_MS = 100;

/**
 * Sends the first change of a campaign at once, and the changes that follow within `spacingMs`
 * as one more message at its end. A message only says "re-read this campaign", so the later one
 * covers every change before it: a burst of pledges costs a few NOTIFYs, not one each. A `send`
 * that resolves to the milliseconds it kept the instance busy waits at least that long before the
 * next, so sending never takes more than half of the instance's time (decision 280).
 */
export function spacedSender(send: (eventId: string) => Promise<number | void>, spacingMs: number) {
  const waiting = new Map<string, { again: boolean; timer?: NodeJS.Timeout }>();
  let stopped = false;
  function publish(eventId: string): void {
    const current = waiting.get(eventId);
    if (current) {
      current.again = true;
      return;
    }
    if (stopped) return;
    const entry: { again: boolean; timer?: NodeJS.Timeout } = { again: false };
    waiting.set(eventId, entry);
    // `send` reports its own failures; the spacing holds either way.
    void send(eventId)
      .catch(() => undefined)
      .then((busyMs) => {
        if (stopped) return;
        entry.timer = setTimeout(
          () => {
            waiting.delete(eventId);
            if (entry.again) publish(eventId);
          },
          Math.max(spacingMs, busyMs ?? 0),
        );
        entry.timer.unref();
      });
  }
  return {
    publish,
    stop() {
      stopped = true;
      for (const entry of waiting.values()) clearTimeout(entry.timer);
      waiting.clear();
    },
  };
}

function localEmitter() {
  const emitter = new EventEmitter();
  // One listener per open page of a campaign: many are expected.
  emitter.setMaxListeners(0);
  return {
    emit: (eventId: string) => emitter.emit(eventId),
    subscribe(eventId: string, listener: () => void) {
      emitter.on(eventId, listener);
      return () => void emitter.off(eventId, listener);
    },
  };
}

/** One process owns the embedded database, so an in-process emitter reaches every listener. */
function inProcessChannel(): LiveChannel {
  const local = localEmitter();
  return {
    async publish(eventId) {
      queueMicrotask(() => local.emit(eventId));
    },
    subscribe: local.subscribe,
    async announceReads() {},
    onReads() {},
    async close() {},
  };
}

/**
 * PostgreSQL: NOTIFY through the pool, LISTEN on one dedicated connection per instance (a pooled
 * connection would lose its LISTEN when returned), reconnected if the server drops it.
 */
async function postgresChannel(url: string, database: Database, log: FastifyBaseLogger): Promise<LiveChannel> {
  const local = localEmitter();
  const instanceId = randomUUID();
  const readListeners: ((change: ReadChange) => void)[] = [];
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === LIVE_NOTIFY_CHANNEL && message.payload) local.emit(message.payload);
      const change = message.channel === READS_NOTIFY_CHANNEL && message.payload ? parseReadChange(message.payload, instanceId) : undefined;
      if (change) for (const listener of readListeners) listener(change);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'live updates connection lost; reconnecting');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    await next.connect();
    await next.query(`LISTEN ${LIVE_NOTIFY_CHANNEL}; LISTEN ${READS_NOTIFY_CHANNEL}`);
    client = next;
  }

  function scheduleReconnect(lost: pg.Client) {
    if (client !== lost) return;
    client = undefined;
    lost.end().catch(() => undefined);
    reconnectSoon();
  }

  function reconnectSoon() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'live updates could not reconnect');
        reconnectSoon();
      });
    }, RECONNECT_DELAY_MS);
    retry.unref();
  }

  await connect();
  const sender = spacedSender(async (eventId) => {
    try {
      await database.prepared('select pg_notify($1, $2)', [LIVE_NOTIFY_CHANNEL, eventId]);
    } catch (error) {
      // A missed live update only delays a page's figures; the change itself is committed.
      log.warn({ err: error, eventId }, 'live update not published');
    }
  }, LIVE_PUBLISH_SPACING_MS);
  const announce = batchedAnnouncer(async (payload) => {
    try {
      await database.prepared('select pg_notify($1, $2)', [READS_NOTIFY_CHANNEL, payload]);
    } catch (error) {
      // The other instances' reads then follow within their entries' one second (decision 062).
      log.warn({ err: error }, 'public read change not announced');
    }
  }, instanceId);
  return {
    async publish(eventId) {
      sender.publish(eventId);
    },
    subscribe: local.subscribe,
    announceReads: announce,
    onReads(listener) {
      readListeners.push(listener);
    },
    async close() {
      closed = true;
      sender.stop();
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

export async function createLiveChannel(database: Database, url: string | undefined, log: FastifyBaseLogger): Promise<LiveChannel> {
  return database.driver === 'postgres' && url ? postgresChannel(url, database, log) : inProcessChannel();
}
