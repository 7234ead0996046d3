import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CharityGroupsResponse } from '@pledgeway/domain/schemas/public';
import { payoutRecords } from '../payouts/index.ts';
import { listCharityGroups } from './repository.ts';

export const charityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/charities',
    {
      schema: {
        tags: ['charities'],
        summary: 'Charity groups with their charities and what each has been passed on',
        response: { 200: CharityGroupsResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return listCharityGroups(app.ctx.db, await payoutRecords.paidCentsByCharity(app.ctx.db));
    },
  );
};
