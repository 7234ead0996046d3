import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { databaseRateLimitStore, deleteEndedWindows } from './store.ts';

export const RATE_LIMIT_CLEANUP_QUEUE = 'rate-limit-cleanup';

/**
 * Rate limits per route (`config.rateLimit`), counted in the database so the limit holds across
 * instances (docs/architecture.md#system-shape: nothing another instance needs is kept in memory).
 */
export const rateLimitPlugin: FastifyPluginAsync = fp(async (app) => {
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.ctx.database) });
  // Ended windows are removed hourly by whichever instance's job worker runs first.
  app.ctx.jobs.define(
    RATE_LIMIT_CLEANUP_QUEUE,
    async () => {
      const removed = await deleteEndedWindows(app.ctx.database);
      if (removed) app.log.info({ removed }, 'removed ended rate-limit windows');
    },
    { cron: '17 * * * *', retryLimit: 1 },
  );
});
