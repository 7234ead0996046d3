import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteEventResponse, IdParams, MY_EVENTS_MESSAGES, MyEventsQuery, MyEventsResponse } from '@pledgeway/domain';
import { createMyEventsService } from './service.ts';

export const myEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createMyEventsService(app.ctx);

  app.get(
    '/events',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'campaigns:read' },
      schema: {
        tags: ['my-events'],
        summary: "Your campaigns (an admin's session may name another user's with userId)",
        querystring: MyEventsQuery,
        response: { 200: MyEventsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listFor(request.auth!, request.query.userId) }),
  );

  app.delete(
    '/events/:id',
    {
      preHandler: app.authenticate,
      schema: { tags: ['my-events'], summary: 'Delete your campaign, releasing its pledges', params: IdParams, response: { 200: DeleteEventResponse } },
    },
    async (request) => {
      const { releasedPledges } = await service.delete(request.auth!, request.params.id);
      return { success: true as const, message: MY_EVENTS_MESSAGES.deleted, releasedPledges };
    },
  );
};
