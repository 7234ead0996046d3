import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { createAccessTokens } from './modules/auth/tokens.ts';
import type { PublicReads } from './modules/events/public-reads.ts';
import type { Metrics } from './lib/metrics.ts';
import type { Mailer } from './providers/email/index.ts';
import type { PaymentProvider } from './providers/payments/index.ts';
import type { Storage } from './providers/storage/index.ts';

/** Everything a module needs, built once at start from the configuration. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  payments: PaymentProvider;
  accessTokens: ReturnType<typeof createAccessTokens>;
  /** Cached public reads; `publicReads.clear()` after a write outside a request (a job). */
  publicReads: PublicReads;
  /** Prometheus registry: request latency, plus counters for jobs and charges (`ctx.metrics.charges.inc({ outcome })`). */
  metrics: Metrics;
  /** The app's logger, for work outside a request. */
  log: FastifyBaseLogger;
}

export interface AuthInfo {
  userId: string;
  role: 'user' | 'admin';
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Method and URL of every route, in registration order. */
    routeTable: { method: string; url: string }[];
    /** preHandler: 401 unless a valid access token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 without a token, 403 unless the user is an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set when a valid bearer token was sent (also on public routes). */
    auth: AuthInfo | null;
  }
}
