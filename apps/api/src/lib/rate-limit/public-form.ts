import type { FastifyInstance } from 'fastify';

/** Public forms that send e-mail (newsletter, contact) are rate limited per IP like the sign-in routes. */
export function publicFormRateLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.ctx.config.authRateLimitPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many attempts. Please wait a minute and try again.' }),
    },
  };
}
