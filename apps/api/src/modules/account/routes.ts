import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountClosureStatusResponse, CloseAccountRequest, CloseAccountResponse, SuccessResponse } from '@pledgeway/domain';
import { clearSessionCookies } from '../auth/index.ts';
import { ACCOUNT_MESSAGES, createAccountService } from './service.ts';

export const ACCOUNT_CLOSURE_QUEUE = 'account-closure-sweep';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAccountService(app.ctx);
  const auth = { preHandler: app.authenticate };

  app.get(
    '/account/closure',
    {
      ...auth,
      schema: {
        tags: ['account'],
        summary: 'What closing your account would do, and whether a closure is scheduled',
        response: { 200: AccountClosureStatusResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.status(request.auth!.userId) }),
  );

  app.post(
    '/account/close',
    {
      ...auth,
      config: { rateLimit: { max: app.ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        summary: 'Close your account now, or schedule its closure (password or confirmation word)',
        body: CloseAccountRequest,
        response: { 200: CloseAccountResponse },
      },
    },
    async (request, reply) => {
      const result = await service.close(request.auth!.userId, request.body);
      if (result.deleted) clearSessionCookies(reply);
      return { success: true as const, ...result };
    },
  );

  app.delete(
    '/account/close',
    { ...auth, schema: { tags: ['account'], summary: 'Cancel the scheduled closure of your account', response: { 200: SuccessResponse } } },
    async (request) => {
      await service.cancel(request.auth!.userId);
      return { success: true as const, message: ACCOUNT_MESSAGES.cancelled };
    },
  );

  // The closure sweep: an hourly job, run by whichever instance's worker takes it first.
  app.ctx.jobs.define(
    ACCOUNT_CLOSURE_QUEUE,
    async () => {
      const count = await service.sweep(app.ctx.clock.now());
      if (count) app.log.info({ count }, 'closed accounts whose closure date passed');
    },
    { cron: '5 * * * *', retryLimit: 1 },
  );
};
