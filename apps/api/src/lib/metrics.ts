import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../errors.ts';

/** The app's Prometheus registry; modules count their work through `ctx.metrics`. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
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
