import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfirmEmailRequest, EMAIL_CONFIRMATION_MESSAGES, SuccessResponse } from '@pledgeway/domain';
import { attemptRateLimit } from '../../lib/rate-limit/attempt-limit.ts';
import { createEmailConfirmationService } from './service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

/** Resends per account (or address, signed out) in a quarter of an hour: enough for a lost mail, too few to flood a mailbox. */
const RESENDS_PER_WINDOW = 3;

export const emailConfirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createEmailConfirmationService(app.ctx);
  // Same limit as log-in: a token can be guessed at only as fast as a password.
  const confirmLimit = attemptRateLimit(app);

  app.post(
    '/auth/confirm-email',
    {
      config: confirmLimit,
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the link sent to it',
        body: ConfirmEmailRequest,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      // Signed in or not: the bearer token, when sent, tells the link's own user that a reload of the page is no fault.
      const outcome = await service.confirm(request.body.token, request.auth?.userId);
      return { success: true as const, message: EMAIL_CONFIRMATION_MESSAGES[outcome] };
    },
  );

  app.post(
    '/auth/confirm-email/resend',
    {
      preHandler: app.authenticate,
      config: {
        rateLimit: {
          max: RESENDS_PER_WINDOW,
          timeWindow: '15 minutes',
          keyGenerator: (request) => request.auth?.userId ?? request.ip,
          errorResponseBuilder: () => ({ statusCode: 429, message: EMAIL_CONFIRMATION_MESSAGES.tooManyRequests }),
        },
      },
      schema: { tags: ['auth'], summary: 'Send a new confirmation link to the signed-in user', response: { 200: SuccessResponse } },
    },
    async (request) => {
      await service.resend(request.auth!.userId);
      return { success: true as const, message: EMAIL_CONFIRMATION_MESSAGES.sent };
    },
  );
};
