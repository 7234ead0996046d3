import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CharityGroupsResponse } from '@pledgeway/domain/schemas/public';
import { listCharityGroups } from './repository.ts';

export const charityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/charities',
    { schema: { tags: ['charities'], summary: 'Charity groups with their charities', response: { 200: CharityGroupsResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return listCharityGroups(app.ctx.db);
    },
  );
};
