import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MyPledgesResponse } from '@pledgeway/domain';
import { createMyPledgesService } from './service.ts';

export const myPledgesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createMyPledgesService(app.ctx);

  app.get(
    '/events/pledges',
    { preHandler: app.authenticate, schema: { tags: ['pledges'], summary: 'Your pledges, with their campaigns', response: { 200: MyPledgesResponse } } },
    async (request) => ({
      success: true as const,
      data: await service.list(request.auth!.userId),
    }),
  );
};
