import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxEmails } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const MailboxQuery = z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

/**
 * The outbox, readable while no SMTP server is configured (the embedded default), so a person
 * running the app locally, and the e2e tests, can open the e-mails the app sends. The mails hold
 * password-reset links, so only this machine (the socket's own address, not a forwarded header)
 * or a signed-in admin may read them.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.ctx.config.smtpUrl) return;
  app.get('/dev/mailbox', { schema: { hide: true, querystring: MailboxQuery } }, async (request) => {
    const local = LOOPBACK.has(request.socket.remoteAddress ?? '');
    if (!local && request.auth?.role !== 'admin') throw AppError.notFound(`Route GET /api/dev/mailbox not found`);
    const query = app.ctx.db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(request.query.limit);
    const rows = request.query.to ? await query.where(eq(outboxEmails.to, request.query.to.toLowerCase())) : await query;
    return {
      success: true,
      data: rows.map((row) => ({ id: row.id, to: row.to, subject: row.subject, text: row.text, kind: row.kind, createdAt: row.createdAt })),
    };
  });
};
