import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NEWSLETTER_CONFIRMED_PATH, NewsletterConfirmQuery, NewsletterRequest, NewsletterResponse } from '@pledgeway/domain/schemas/newsletter';
import { attemptRateLimit } from '../../lib/rate-limit/attempt-limit.ts';
import { createNewsletterService } from './service.ts';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createNewsletterService(app.ctx);

  app.post(
    '/newsletter',
    {
      config: attemptRateLimit(app),
      schema: { tags: ['newsletter'], summary: 'Subscribe (double opt-in)', body: NewsletterRequest, response: { 200: NewsletterResponse } },
    },
    async (request) => service.subscribe(request.body.email),
  );

  app.get(
    '/newsletter/confirm',
    { schema: { tags: ['newsletter'], summary: 'Confirm a subscription from the e-mail link', querystring: NewsletterConfirmQuery } },
    async (request, reply) => {
      const confirmed = await service.confirm(request.query.token);
      return reply.redirect(`${NEWSLETTER_CONFIRMED_PATH}?status=${confirmed ? 'confirmed' : 'invalid'}`, 303);
    },
  );
};
