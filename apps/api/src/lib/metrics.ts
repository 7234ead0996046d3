import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function mayRead(request: FastifyRequest, token: string | undefined, trustProxy: boolean): boolean {
  const header = request.headers.authorization ?? '';
  if (token) {
    const sent = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
    const expected = Buffer.from(token);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  }
  const forwarded = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'via'].some((name) => request.headers[name] !== undefined);
  return !trustProxy && !forwarded && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/** Request latency by route for every request (added before the routes, so it covers them all). */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

/** GET /metrics for Prometheus: with METRICS_TOKEN as a bearer token, else from this machine only when no proxy is trusted. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!mayRead(request, app.ctx.config.metricsToken, app.ctx.config.trustProxy)) throw AppError.notFound('Route GET /metrics not found');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
