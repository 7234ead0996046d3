import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { databaseRateLimitStore, deleteEndedWindows } from './store.ts';

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Rate limits per route (`config.rateLimit`), counted in the database so the limit holds across
 * instances (DESIGN.md section 1: nothing another instance needs is kept in memory).
 */
export const rateLimitPlugin: FastifyPluginAsync = fp(async (app) => {
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.ctx.database) });
  if (app.ctx.config.env === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  const cleanup = () => deleteEndedWindows(app.ctx.database).catch((error: unknown) => app.log.error({ err: error }, 'rate limit cleanup failed'));
  app.addHook('onReady', async () => {
    timer = setInterval(cleanup, CLEANUP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
