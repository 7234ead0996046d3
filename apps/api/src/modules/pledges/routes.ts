import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailSharingMessage, IdParams, MyPledgesResponse, PledgeEmailSharingRequest, PledgeEmailSharingResponse } from '@pledgeway/domain';
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

  app.put(
    '/pledges/:id/email-sharing',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['pledges'],
        operationId: 'setPledgeEmailSharing',
        summary: 'Change whom your pledge shares your e-mail address with (the host, the charity); exports and events follow at once',
        params: IdParams,
        body: PledgeEmailSharingRequest,
        response: { 200: PledgeEmailSharingResponse },
      },
    },
    async (request) => {
      const data = await service.setEmailSharing(request.auth!.userId, request.params.id, request.body);
      return { success: true as const, message: emailSharingMessage(data), data };
    },
  );
};
