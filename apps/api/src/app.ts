import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openapiDocumentTransform, openapiRouteTransform, SECURITY_SCHEMES } from './lib/openapi.ts';
import { sessionDatabaseUrl, type Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createLiveChannel } from './lib/live/channel.ts';
import { LIVENESS_IGNORES_LOAD, registerOverloadGuard } from './lib/overload.ts';
import { rateLimitPlugin } from './lib/rate-limit/plugin.ts';
import { uploadsRoute } from './lib/uploads-route.ts';
import { openDatabase } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createJobs } from './lib/jobs/index.ts';
import { registerErrorHandler, errorBody, frameworkErrors, rejectUnstorableText } from './errors.ts';
import { MULTIPART_LIMITS } from './lib/uploads.ts';
import { registerSpaFallback } from './lib/spa.ts';
import { loadBuiltRenderer, startPageRenderer, type LoadPageRenderer } from './lib/ssr.ts';
import { createMetrics, observeRequests, registerMetrics } from './lib/metrics.ts';
import type { Tracing } from './lib/telemetry.ts';
import { inlineScriptSources, securityHeaders } from './lib/security-headers.ts';
import { sendSerialised } from './lib/send-json.ts';
import { SESSION_HINT_COOKIE } from './modules/auth/cookies.ts';
import { createAccessTokens } from './modules/auth/tokens.ts';
import { createPublicReads } from './modules/events/public-read-cache.ts';
import { sharedPublicReads } from './lib/live/shared-public-reads.ts';
import { apiModules, metaResolvers } from './modules/index.ts';
import { createMailer } from './providers/email/index.ts';
import { createPaymentProvider } from './providers/payments/index.ts';
import { createStorage } from './providers/storage/index.ts';
import { defineUploadSweep } from './lib/upload-sweep.ts';
import { authPlugin } from './plugins/auth.ts';
import { seoRoutes } from './modules/seo/index.ts';
import { registerEmbedFraming } from './modules/embeds/routes.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A caller's (or proxy's) X-Request-Id when it is a plain token, otherwise a new UUID; logged with every line of the request. */
function requestId(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** The clock of money windows and reminders (tests pass one they control). */
  clock?: Clock;
  /** Where the server renderer of the public pages comes from (default: the web build's dist-ssr). */
  loadPageRenderer?: LoadPageRenderer;
  /** A dumped, migrated data directory an in-memory PGlite database starts from (API tests). */
  pgliteSeed?: Blob;
  /** OpenTelemetry traces, started before the app (server.ts; lib/telemetry.ts); absent, nothing is traced. */
  tracing?: Tracing;
}

type Server = ReturnType<typeof createServer>;

/** Fastify with zod schemas and the request id of every log line. */
function createServer(config: Config, options: BuildOptions) {
  return Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 12 * 1024 * 1024,
    frameworkErrors,
    genReqId: requestId,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();
}

/**
 * A request's one log line, when its answer is sent (or fails): what was asked, the status and how
 * long it took, under the request's id. Fastify's own pair (one line on arrival, one on completion)
 * doubled the log writes of every pledge (decision 122); a request still running shows in the
 * metrics and, past the overload guard's limit, as a 503.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** The providers and services every module reaches through `app.ctx`, created once at start. */
async function createContext(app: Server, config: Config, options: BuildOptions): Promise<AppContext> {
  const database = await openDatabase({
    url: config.databaseUrl,
    directUrl: sessionDatabaseUrl(config),
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
    pgliteDir: config.pgliteDir,
    pgliteSeed: options.pgliteSeed,
    instrumentEmbedded: options.tracing?.instrumentEmbedded,
  });
  const clock = options.clock ?? systemClock;
  // The API tests run due jobs themselves (jobs.drain), so what a test sees never depends on timing.
  // LISTEN holds its session: on the direct address, past any transaction pooler (decision 198).
  const live = await createLiveChannel(database, sessionDatabaseUrl(config), app.log);
  const jobs = createJobs({ connection: database.jobsConnection, workers: config.env !== 'test', log: app.log });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    storage: await createStorage(config),
    // The mailer reads the context's clock at each use, so a test that replaces ctx.clock moves it too.
    mailer: createMailer(config, database.db, app.log, jobs, { now: () => ctx.clock.now() }),
    payments: createPaymentProvider(config, database.db),
    accessTokens: createAccessTokens(config.jwtSecret),
    log: app.log,
    publicReads: sharedPublicReads(createPublicReads(database.db), live),
    live,
    jobs,
    clock,
    metrics: createMetrics({ database, jobs, log: app.log }),
  };
  return ctx;
}

/**
 * Security headers, computed once (lib/security-headers.ts) and set with the request id by one
 * synchronous hook; the content security policy lets the page template's inline script run (by its
 * hash) and Stripe's frames in when Stripe is the provider.
 */
function registerSecurityHeaders(app: Server, config: Config) {
  const template = path.join(config.webDistDir, 'index.html');
  const pageScripts = existsSync(template) ? inlineScriptSources(readFileSync(template, 'utf8')) : [];
  // Stripe Elements (the card form when Stripe is the provider) runs Stripe.js in Stripe's frames.
  const stripe = config.stripeSecretKey
    ? {
        script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', ...stripe.frame],
        connectSrc: ["'self'", ...stripe.connect],
        scriptSrc: ["'self'", ...pageScripts, ...stripe.script],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}

/** Everything under /api: health and readiness, the OpenAPI document and each module's routes. */
async function registerApi(app: Server, ctx: AppContext) {
  const { database } = ctx;
  await app.register(
    async (api) => {
      // Liveness: the process answers, however busy it is, so an orchestrator never restarts an
      // instance for its load. Readiness: it takes new work, i.e. it is not past the overload
      // guard's limit and it reaches its database (503 otherwise): what a load balancer checks.
      api.get('/health', { schema: { hide: true }, logLevel: 'warn', config: LIVENESS_IGNORES_LOAD }, async () => ({ status: 'ok' }));
      api.get('/ready', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
        try {
          await database.query('select 1');
          return { status: 'ready' };
        } catch {
          return reply.status(503).send(errorBody(503, 'DATABASE_UNAVAILABLE', 'The database cannot be reached'));
        }
      });
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );
}

/**
 * The built web app: its files, and every other GET answered with its page (when a build exists):
 * rendered on the server for public pages, else the shell the browser renders.
 */
async function registerWebApp(app: Server, config: Config, loadPageRenderer: LoadPageRenderer) {
  const webDist = config.webDistDir;
  if (!existsSync(path.join(webDist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    logLevel: 'warn',
    // One route per built file; every other GET is the SPA route below. (registerErrorHandler
    // already owns the root not-found handler, and Fastify allows one per prefix.)
    wildcard: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const page = await registerSpaFallback(app, webDist, metaResolvers, await startPageRenderer(app, loadPageRenderer));
  app.get('/*', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    if (pathname.startsWith('/api/') || pathname.startsWith('/uploads/') || /\.[a-z0-9]{2,5}$/i.test(pathname)) {
      return reply.status(404).send(errorBody(404, 'NOT_FOUND', `Route ${request.method} ${pathname} not found`));
    }
    reply.header('cache-control', 'no-cache');
    const search = queryAt < 0 ? '' : request.url.slice(queryAt);
    const served = await page({ pathname, search, sessionHint: request.cookies[SESSION_HINT_COOKIE] === '1' });
    // The browser reads it from the navigation's timing and asks for the page's data again (main.tsx).
    if (served.stale) reply.header('server-timing', 'stale;desc="rendered before the latest change"');
    return sendSerialised(request, reply, served.body);
  });
}

/** The whole server as one Fastify instance: external plugins, then app plugins, then routes. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = createServer(config, options);
  // Before every other plugin and hook, so each is a span of the request's trace (decision 230).
  if (options.tracing) {
    options.tracing.logTo(app.log);
    await app.register(options.tracing.fastifyPlugin);
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx = await createContext(app, config, options);
  const { database, jobs } = ctx;
  app.decorate('ctx', ctx);
  defineUploadSweep(ctx);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await ctx.live.close();
    ctx.metrics.detach();
    await database.close();
  });

  // Every route as registered: the security suite's authorisation matrix is generated from it.
  const routeTable: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);
  registerErrorHandler(app);
  // First of the request hooks: a request refused for overload costs as little as possible.
  await registerOverloadGuard(app, config.overloadEventLoopDelayMs);
  app.addHook('preValidation', rejectUnstorableText);
  observeRequests(app, ctx.metrics);
  // A successful write of this instance is visible to its public reads at once (decision 062); a
  // pledge's at once to its writer and within a second to everyone else (decision 125).
  // The answer waits until the other instances were told (decision 196), so the writer's next
  // request finds the change whichever instance answers it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) {
      if (request.routeOptions.config.changesOnlyTotals) ctx.publicReads.markStale(request.auth?.userId ?? request.token?.sub);
      else ctx.publicReads.clear();
      await ctx.publicReads.announced();
    }
    return payload;
  });
  registerSecurityHeaders(app, config);
  // A campaign's embed page may be framed by the sites its host names (decision 111); every other page may not.
  registerEmbedFraming(app, ctx);
  // The live route (server-sent events) opts out with `compress: false`: a compressor would hold its messages back.
  // The encodings of sendSerialised's stored bodies and of the plugin up to 8.x: the plugin's 9.x
  // would put zstd first on the Nodes that have it, so what a browser gets would depend on the Node.
  // (9.x is needed: 8.x logged a reader who leaves mid-response, a closed tab, as an error.)
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate', 'identity'] });
  await app.register(cookie);
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pledgeway API', version: '1.0.0' },
      servers: [{ url: '/api' }],
      // Named here so an operation may list them (decisions 148 and 185).
      components: { securitySchemes: structuredClone(SECURITY_SCHEMES) },
    },
    transform: openapiRouteTransform(app),
    transformObject: openapiDocumentTransform as never,
  });

  await registerApi(app, ctx);
  await app.register(seoRoutes);
  registerMetrics(app, ctx.metrics);

  await app.register(uploadsRoute);

  if (options.serveWeb ?? true) await registerWebApp(app, config, options.loadPageRenderer ?? loadBuiltRenderer(config.webSsrEntry));

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
