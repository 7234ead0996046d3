import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { Jobs } from './jobs/index.ts';

/** What the gauges read at each scrape: the database (its pool and the outbox) and the job queue. */
export interface MetricSources {
  database: Pick<Database, 'query' | 'poolState'>;
  jobs: Pick<Jobs, 'depths'>;
  log: FastifyBaseLogger;
}

/**
 * The app's Prometheus registry; modules count their work through `ctx.metrics`. The gauges of the
 * app's state are read when Prometheus scrapes (docs/observability.md, decision 231); a reading
 * that fails (the database is gone) leaves its gauge empty for that scrape and logs a warning, and
 * the other metrics are still served.
 */
export function createMetrics(attached?: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // collectDefaultMetrics keeps the registry reachable from process-wide observers (garbage
  // collection, the event loop) for the life of the process, so the gauges reach the database
  // through this variable, which `detach` clears when the app closes: a closed app's database
  // (an embedded one holds hundreds of MB) is then freed even though its registry is not.
  let sources = attached;
  /** A reading at the scrape; a failure empties its gauges instead of failing the scrape. */
  const onScrape = (what: string, gauges: () => Gauge[], read: () => Promise<void> | void) => async () => {
    for (const gauge of gauges()) gauge.reset();
    try {
      await read();
    } catch (error) {
      for (const gauge of gauges()) gauge.reset();
      sources?.log.warn({ err: error }, `metrics: ${what} not read`);
    }
  };
  // First of the gauges: read before this scrape's own statements take a connection of the pool.
  const poolConnections: Gauge<'state'> = new Gauge({
    name: 'pledgeway_db_pool_connections',
    help: 'The PostgreSQL query pool of this instance: its open and idle connections, and the requests waiting for one (state: open, idle, waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      poolConnections.reset();
      const pool = sources?.database.poolState?.();
      if (!pool) return;
      poolConnections.set({ state: 'open' }, pool.total);
      poolConnections.set({ state: 'idle' }, pool.idle);
      poolConnections.set({ state: 'waiting' }, pool.waiting);
    },
  });
  const queueDepth: Gauge<'queue'> = new Gauge({
    name: 'pledgeway_job_queue_depth',
    help: 'Jobs waiting in each pg-boss queue (created or retrying, due or deferred), counted at the scrape',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect: onScrape(
      'job queue depth',
      () => [queueDepth],
      async () => {
        for (const [queue, waiting] of (await sources?.jobs.depths()) ?? []) queueDepth.set({ queue }, waiting);
      },
    ),
  });
  // Both outbox gauges come from one statement per scrape (the registry reads its metrics at once).
  // Labelled by outbox, so a failed reading leaves no sample rather than a 0 that would say "empty".
  let outboxReading: Promise<{ unsent: number; oldest: number }> | undefined;
  const readOutbox = () =>
    (outboxReading ??= (async () => {
      // The partial index webhook_events_undispatched holds exactly these rows.
      const [row] = await sources!.database.query<{ unsent: number | string; oldest: number | string | null }>(
        'select count(*)::int as unsent, extract(epoch from now() - min(created_at))::float8 as oldest from webhook_events where dispatched_at is null',
      );
      return { unsent: Number(row?.unsent ?? 0), oldest: Math.max(0, Number(row?.oldest ?? 0)) };
    })().finally(() => {
      outboxReading = undefined;
    }));
  const outboxUnsent: Gauge<'outbox'> = new Gauge({
    name: 'pledgeway_outbox_unsent_events',
    help: 'Events of the outbox not yet dispatched (outbox: webhook_events, decision 145)',
    labelNames: ['outbox'] as const,
    registers: [registry],
    collect: onScrape(
      'outbox backlog',
      () => [outboxUnsent],
      async () => {
        if (sources) outboxUnsent.set({ outbox: 'webhook_events' }, (await readOutbox()).unsent);
      },
    ),
  });
  const outboxOldest: Gauge<'outbox'> = new Gauge({
    name: 'pledgeway_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest event of the outbox not yet dispatched (0 when none waits)',
    labelNames: ['outbox'] as const,
    registers: [registry],
    collect: onScrape(
      'outbox age',
      () => [outboxOldest],
      async () => {
        if (sources) outboxOldest.set({ outbox: 'webhook_events' }, (await readOutbox()).oldest);
      },
    ),
  });
  return {
    registry,
    /** The app is closing: the gauges let go of its database and queue (see `sources` above). */
    detach() {
      sources = undefined;
      registry.clear();
    },
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Request latency by route (the route pattern, never the raw URL)',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    /** Scheduled jobs by name and outcome (succeeded, failed). */
    jobs: new Counter({ name: 'pledgeway_jobs_total', help: 'Job runs by job and outcome', labelNames: ['job', 'outcome'] as const, registers: [registry] }),
    /** Charges by outcome (succeeded, failed, retried). */
    charges: new Counter({ name: 'pledgeway_charges_total', help: 'Charge attempts by outcome', labelNames: ['outcome'] as const, registers: [registry] }),
    /** Server-sent event streams (live campaign totals) open on this instance: the live route counts them. */
    liveStreams: new Gauge({ name: 'pledgeway_live_streams', help: 'Live totals streams (server-sent events) open on this instance', registers: [registry] }),
    queueDepth,
    outboxUnsent,
    outboxOldest,
    poolConnections,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Whether the request carries METRICS_TOKEN as its bearer token (Prometheus' `authorization` or
 * `bearer_token` scrape setting). Without a configured token nobody may read them. How a request
 * looks (a loopback address, no forwarding headers) decides nothing: a proxy on this machine
 * (nginx `proxy_pass` alone, socat, an SSH tunnel) makes a stranger's request look local.
 */
export function mayReadMetrics(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const sent = /^bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  // Compared as digests, so neither the length nor the content of the token leaks through timing.
  return timingSafeEqual(digest(sent), digest(token));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Request latency by route for every request (added before the routes, so it covers them all). */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

/** GET /metrics for Prometheus, with METRICS_TOKEN as the bearer token; 404 to anyone else, as if it did not exist. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!mayReadMetrics(request.headers.authorization, app.ctx.config.metricsToken)) throw AppError.notFound('Route GET /metrics not found');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
