import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StatementEmailsRequest, StatementEmailsResponse, StatementYearParams, StatementYearsResponse } from '@pledgeway/domain';
import { usersService } from '../users/index.ts';
import { mailYearlyStatements, STATEMENT_MAILING_CRON, STATEMENT_MAILING_QUEUE } from './mailing.ts';
import { createStatementsService } from './service.ts';

/** GET /api/me/statements and /api/me/statements/{year}.pdf: the signed-in supporter's giving statements (decision 113). */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const statements = createStatementsService(app.ctx);
  app.ctx.jobs.define(STATEMENT_MAILING_QUEUE, async () => void (await mailYearlyStatements(app.ctx)), { cron: STATEMENT_MAILING_CRON, retryLimit: 3 });

  app.get(
    '/me/statement-emails',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['statements'],
        summary: 'Whether the yearly statement is e-mailed to the caller each January',
        response: { 200: StatementEmailsResponse },
      },
    },
    async (request) => {
      const user = await usersService.findById(app.ctx.db, request.auth!.userId);
      const enabled = user?.statementEmails ?? false;
      return { success: true as const, message: '', data: { enabled } };
    },
  );

  app.put(
    '/me/statement-emails',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['statements'],
        summary: 'Turn the January e-mail of the yearly statement on or off',
        body: StatementEmailsRequest,
        response: { 200: StatementEmailsResponse },
      },
    },
    async (request) => {
      const user = await usersService.update(app.ctx.db, request.auth!.userId, { statementEmails: request.body.enabled });
      return {
        success: true as const,
        message: user.statementEmails ? 'Your giving statement will be e-mailed each January' : 'Your giving statement will no longer be e-mailed',
        data: { enabled: user.statementEmails },
      };
    },
  );

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
