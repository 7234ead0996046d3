import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StatementYearParams, StatementYearsResponse } from '@pledgeway/domain';
import { createStatementsService } from './service.ts';

/** GET /api/me/statements and /api/me/statements/{year}.pdf: the signed-in supporter's giving statements (decision 113). */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const statements = createStatementsService(app.ctx);

  app.get(
    '/me/statements',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['statements'],
        summary: 'The years of the caller’s charges, newest first, with what was given, tipped and returned',
        response: { 200: StatementYearsResponse },
      },
    },
    async (request) => ({ success: true as const, data: { years: await statements.years(request.auth!.userId) } }),
  );

  app.get(
    '/me/statements/:year.pdf',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['statements'],
        summary: 'The caller’s giving statement of one year as a PDF: each charge, tips apart, refunds and disputes',
        params: StatementYearParams,
        response: { 200: z.any().describe('application/pdf') },
      },
    },
    async (request, reply) => {
      const pdf = await statements.pdf(request.auth!.userId, request.params.year);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="pledgeway-giving-statement-${request.params.year}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );
};
