import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../../db/client.ts';

/*
 * A @fastify/rate-limit store in the database: one atomic upsert per limited request, the window
 * measured by the database clock so instances with drifting clocks agree. A window that has
 * ended starts again at 1. The table is unlogged (decision 119): a counter's commit waits for no
 * flush to disk.
 */

/**
 * The upsert of one hit on a key, as SQL text to place in a statement: `key` and `windowMs` are the
 * statement's parameters (`$1`), `source` what the hit is counted for (`from campaign`: one hit
 * if that yields a row, none if not). Returns the window's hits and the milliseconds left.
 */
export function countHit(key: string, windowMs: string, source = ''): string {
  return `
  insert into rate_limit_counters as counter (key, hits, window_ends_at)
  select ${key}::text, 1, now() + make_interval(secs => ${windowMs}::double precision / 1000) ${source}
  on conflict (key) do update set
    hits = case when counter.window_ends_at <= now() then 1 else counter.hits + 1 end,
    window_ends_at = case when counter.window_ends_at <= now() then excluded.window_ends_at else counter.window_ends_at end
  returning hits, greatest(0, extract(epoch from (window_ends_at - now())) * 1000)::float8 as ttl_ms`;
}

const INCREMENT = countHit('$1', '$2');

export function databaseRateLimitStore(database: Database): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** The plugin constructs the store with its settings (unused here); children carry a route prefix. */
    constructor(
      _settings?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      database
        .prepared<{ hits: number; ttl_ms: number }>(INCREMENT, [`${this.prefix}${key}`, timeWindow ?? 60_000])
        .then(([row]) => callback(null, { current: Number(row!.hits), ttl: Math.ceil(Number(row!.ttl_ms)) }))
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the plugin passes its merged settings, with the route under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${String(route?.method ?? '')}${route?.url ?? ''}-`);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Forgets windows that have ended; run now and then so the table stays small. */
export async function deleteEndedWindows(database: Database): Promise<number> {
  const rows = await database.query<{ key: string }>('delete from rate_limit_counters where window_ends_at < now() returning key');
  return rows.length;
}
