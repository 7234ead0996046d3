import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ForgotPasswordRequest, PASSWORD_RESET_MESSAGES, ResetPasswordRequest, SuccessResponse } from '@pledgeway/domain';
import { attemptRateLimit } from '../../lib/rate-limit/attempt-limit.ts';
import { createPasswordResetService } from './service.ts';

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPasswordResetService(app.ctx);
  // Same limit as log-in: both can be used to probe accounts or flood a mailbox.
  const authLimit = attemptRateLimit(app);

  app.post(
    '/site/forgot-password',
    { config: authLimit, schema: { tags: ['auth'], summary: 'E-mail a password-reset link', body: ForgotPasswordRequest, response: { 200: SuccessResponse } } },
    async (request) => {
      await service.requestReset(request.body.email);
      return { success: true as const, message: PASSWORD_RESET_MESSAGES.sent };
    },
  );

  app.post(
    '/site/reset-password',
    {
      config: authLimit,
      schema: { tags: ['auth'], summary: "Set a new password with the reset link's token", body: ResetPasswordRequest, response: { 200: SuccessResponse } },
    },
    async (request) => {
      await service.resetPassword(request.body.token, request.body.new_password);
      return { success: true as const, message: PASSWORD_RESET_MESSAGES.done };
    },
  );
};
