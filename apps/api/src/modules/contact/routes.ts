import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactRequest, ContactResponse } from '@pledgeway/domain/schemas/contact';
import { createContactService } from './service.ts';
import { attemptRateLimit } from '../../lib/rate-limit/attempt-limit.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createContactService(app.ctx);
  app.post(
    '/contact',
    {
      config: attemptRateLimit(app),
      schema: { tags: ['contact'], summary: 'Send a message to the Pledgeway team', body: ContactRequest, response: { 201: ContactResponse } },
    },
    async (request, reply) => reply.status(201).send(await service.submit(request.body)),
  );
};
