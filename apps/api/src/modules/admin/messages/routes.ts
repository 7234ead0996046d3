import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '@pledgeway/domain';
import {
  ADMIN_MESSAGES,
  AdminMessageActionResponse,
  AdminMessagesQuery,
  AdminMessagesResponse,
  AdminSubscribersQuery,
  AdminSubscribersResponse,
  MessageHandledRequest,
} from '@pledgeway/domain/schemas/admin';
import { sendCsv } from '../../../lib/csv.ts';
import { createAdminMessagesService } from './service.ts';

export const adminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminMessagesService(app.ctx);
  const tags = ['admin'];

  app.get(
    '/messages',
    { schema: { tags, summary: 'Contact messages, open or handled', querystring: AdminMessagesQuery, response: { 200: AdminMessagesResponse } } },
    async (request) => ({
      success: true as const,
      data: await service.messages(request.query.state, request.query.page, request.query.per_page),
    }),
  );

  app.get(
    '/messages/export.csv',
    { schema: { tags, summary: 'Contact messages as CSV', querystring: z.object({ state: AdminMessagesQuery.shape.state }) } },
    async (request, reply) => sendCsv(reply, 'contact-messages', await service.messagesCsv(request.query.state)),
  );

  app.post(
    '/messages/:id/handled',
    {
      schema: {
        tags,
        summary: 'Mark a contact message handled, or open again',
        params: IdParams,
        body: MessageHandledRequest,
        response: { 200: AdminMessageActionResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.handled ? ADMIN_MESSAGES.messageHandled : ADMIN_MESSAGES.messageReopened,
      data: await service.setHandled(request.auth!.userId, request.params.id, request.body.handled),
    }),
  );

  app.get(
    '/subscribers',
    { schema: { tags, summary: 'Newsletter subscribers', querystring: AdminSubscribersQuery, response: { 200: AdminSubscribersResponse } } },
    async (request) => ({
      success: true as const,
      data: await service.subscribers(request.query.page, request.query.per_page),
    }),
  );

  app.get('/subscribers/export.csv', { schema: { summary: 'Newsletter subscribers as CSV', tags } }, async (_request, reply) =>
    sendCsv(reply, 'newsletter-subscribers', await service.subscribersCsv()),
  );
};
