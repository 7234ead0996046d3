import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '@pledgeway/domain';
import { HostPageResponse } from '@pledgeway/domain/schemas/hosts';
import { createHostsService } from './service.ts';

/** GET /api/hosts/{id}: a creator's public page (Platform Building). */
export const hostRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createHostsService(app.ctx);
  app.get(
    '/hosts/:id',
    {
      schema: {
        tags: ['campaigns'],
        summary: "A host's public name and image, with their published campaigns and totals",
        params: IdParams,
        response: { 200: HostPageResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return { success: true as const, data: await service.page(request.params.id) };
    },
  );
};
