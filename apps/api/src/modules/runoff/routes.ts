import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, RunoffPlacementsRequest, RunoffPlacementsResponse } from '@pledgeway/domain';
import { createRunoffService } from './service.ts';

/** The runoff creator's choice of the placements its charge run charges. */
export const runoffRoutes: FastifyPluginAsyncZod = async (app) => {
  const runoff = createRunoffService(app.ctx);

  app.post(
    '/events/:id/runoff/placements',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['life-cycle'],
        summary: 'The creator of a completed runoff chooses which placements are charged (within the rules shown before pledging)',
        params: IdParams,
        body: RunoffPlacementsRequest,
        response: { 200: RunoffPlacementsResponse },
      },
    },
    async (request) => {
      const { places, message } = await runoff.choosePlacements(request.auth, request.params.id, request.body);
      return { success: true as const, message, data: { charged_places: places } };
    },
  );
};
