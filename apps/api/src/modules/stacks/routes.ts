import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, MyStacksResponse, STACK_MESSAGES, StackActionResponse, StackDeletedResponse, StackPageResponse, StackRequest } from '@pledgeway/domain';
import { createStacksService } from './service.ts';

const tags = ['stacks'];

/** Event Stacking: a host's public page of several campaigns, and its owner's edits. */
export const stackRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createStacksService(app.ctx);

  app.get(
    '/stacks/mine',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: "The signed-in host's stacks, with every campaign in each", response: { 200: MyStacksResponse } },
    },
    async (request) => ({ success: true as const, data: { stacks: await service.mine(request.auth!.userId) } }),
  );

  app.get(
    '/stacks/:id',
    {
      schema: {
        tags,
        summary: "A stack's public page: its published campaigns side by side and their combined total",
        params: IdParams,
        response: { 200: StackPageResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return { success: true as const, data: await service.page(request.params.id) };
    },
  );

  app.post(
    '/stacks',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Stack two to five of your own published campaigns on one page', body: StackRequest, response: { 201: StackActionResponse } },
    },
    async (request, reply) => {
      const stack = await service.create(request.auth!.userId, request.body);
      return reply.status(201).send({ success: true as const, message: STACK_MESSAGES.created, data: stack });
    },
  );

  app.put(
    '/stacks/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Change your stack: its title, description and campaigns',
        params: IdParams,
        body: StackRequest,
        response: { 200: StackActionResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: STACK_MESSAGES.saved,
      data: await service.update(request.auth!.userId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/stacks/:id',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Delete your stack (its campaigns are not touched)', params: IdParams, response: { 200: StackDeletedResponse } },
    },
    async (request) => {
      await service.remove(request.auth!.userId, request.params.id);
      return { success: true as const, message: STACK_MESSAGES.deleted, data: { _id: request.params.id } };
    },
  );
};
