import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { LiveChannel } from './lib/live/channel.ts';
import type { Clock } from './lib/clock.ts';
import type { PublicReads } from './lib/public-read-types.ts';
import type { Jobs } from './lib/jobs/index.ts';
import type { createAccessTokens, VerifiedAccessToken } from './modules/auth/tokens.ts';
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
  /** Campaign totals changed: heard by every instance (SSE pages re-read and push them). */
  live: LiveChannel;
  /** Background jobs (pg-boss): modules define queues while the app is built; started when it is ready. */
  jobs: Jobs;
  /** The one "now" of money windows and reminders; tests replace it to move time. */
  clock: Clock;
}

export interface AuthInfo {
  userId: string;
  role: 'user' | 'admin';
  /** The session (refresh-token family) of the access token. */
  sessionId: string;
}

/** The parts of a multipart body a route reads by hand: named in the OpenAPI document and fuzzed from it. */
export interface MultipartParts {
  fields: readonly string[];
  files: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    multipart?: MultipartParts;
    /**
     * The route's own read checks the token's session (`sessionColumns` in auth/tokens.ts) in the
     * same round trip as its data: the auth plugin only verifies the token (`request.token`) and
     * leaves `request.auth` unset. For a hot route that reads the user row anyway (a pledge).
     */
    sessionCheckedByRoute?: boolean;
    /**
     * A successful write here changes only campaigns' totals (a pledge): the public reads are
     * marked stale instead of cleared, so others may be answered totals up to 1 s old while the
     * writer is answered what was read after the write (decision 125).
     */
    changesOnlyTotals?: boolean;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** Method and URL of every route, in registration order. */
    routeTable: { method: string; url: string }[];
    /** preHandler: 401 unless a valid access token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 without a token, 403 unless the user is an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** preHandler of a route with `sessionCheckedByRoute`: 401 unless a validly signed token is sent. */
    requireToken: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set when a valid bearer token was sent (also on public routes). */
    auth: AuthInfo | null;
    /**
     * On a route with `sessionCheckedByRoute` only: the signed, unexpired token whose session the
     * route's own read has still to check. Never trusted for more than that read's user.
     */
    token: VerifiedAccessToken | null;
  }
}
