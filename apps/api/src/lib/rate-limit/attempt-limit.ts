import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@pledgeway/domain';

/**
 * Routes that can probe accounts or send e-mail (log-in, register, refresh, password reset, the
 * newsletter and contact forms) share one limit per IP and one message when it is reached.
 */
export function attemptRateLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.ctx.config.authRateLimitPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: () => ({ statusCode: 429, message: AUTH_MESSAGES.tooManyAttempts }),
    },
  };
}
