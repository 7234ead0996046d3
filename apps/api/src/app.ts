import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { rateLimitPlugin } from './lib/rate-limit/plugin.ts';
import { uploadsRoute } from './lib/uploads-route.ts';
import { openDatabase } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createJobs } from './lib/jobs/index.ts';
import { registerErrorHandler, errorBody } from './errors.ts';
import { MULTIPART_LIMITS } from './lib/uploads.ts';
import { registerSpaFallback } from './lib/spa.ts';
import { createAccessTokens } from './modules/auth/tokens.ts';
import { apiModules, metaResolvers } from './modules/index.ts';
import { createMailer } from './providers/email/index.ts';
import { createPaymentProvider } from './providers/payments/index.ts';
import { createStorage } from './providers/storage/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { seoRoutes } from './modules/seo/routes.ts';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** The clock of money windows and reminders (tests pass one they control). */
  clock?: Clock;
}

/** The whole server as one Fastify instance: external plugins, then app plugins, then routes. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 12 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  const clock = options.clock ?? systemClock;
  // The API tests run due jobs themselves (jobs.drain), so what a test sees never depends on timing.
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
    jobs,
    clock,
  };
  app.decorate('ctx', ctx);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await database.close();
  });

  registerErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
        connectSrc: ["'self'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(rateLimitPlugin);
  await app.register(swagger, {
    openapi: { info: { title: 'Pledgeway API', version: '1.0.0' }, servers: [{ url: '/api' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      api.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );
  await app.register(seoRoutes);

  await app.register(uploadsRoute);

  const webDist = config.webDistDir;
  const serveWeb = (options.serveWeb ?? true) && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      // One route per built file; every other GET is the SPA route below. (registerErrorHandler
      // already owns the root not-found handler, and Fastify allows one per prefix.)
      wildcard: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    const renderPage = await registerSpaFallback(app, webDist, metaResolvers);
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/') || pathname.startsWith('/uploads/') || /\.[a-z0-9]{2,5}$/i.test(pathname)) {
        return reply.status(404).send(errorBody(404, 'NOT_FOUND', `Route ${request.method} ${pathname} not found`));
      }
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return reply.send(await renderPage(pathname));
    });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
