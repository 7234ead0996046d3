import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const MailboxQuery = z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

/**
 * The mailbox exists only for a machine-local install (docs/security.md, "Outbox"): no SMTP, no
 * trusted proxy, a PUBLIC_URL on this machine, and not production on PostgreSQL. Any deployment (a
 * proxy, a public address, SMTP, or production on PostgreSQL) has no such route at all.
 */
export function mailboxEnabled(config: Config): boolean {
  if (config.smtpUrl || config.trustProxy) return false;
  if (config.env === 'production' && config.databaseUrl && config.databaseUrl !== 'memory://') return false;
  return LOCAL_HOSTS.has(new URL(config.publicUrl).hostname);
}

/**
 * Whether this request may read the mailbox. The mails hold password-reset links, so a signed-in
 * admin may; anyone else only under `npm run dev`, which sets DEV_MAILBOX_OPEN (never production).
 * How the request looks (its address, its headers) decides nothing: a proxy on this machine that
 * adds no forwarding headers makes a stranger's request look local.
 */
export function mayReadMailbox(config: Config, auth: AuthInfo | null | undefined): boolean {
  if (auth?.role === 'admin') return true;
  return config.devMailboxOpen && config.env !== 'production';
}

/**
 * The outbox, readable while the app runs as a local install, so a person running it on their
 * machine, and the e2e tests (signed in as the demo admin), can open the e-mails the app sends.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!mailboxEnabled(app.ctx.config)) return;
  app.get('/dev/mailbox', { schema: { hide: true, querystring: MailboxQuery } }, async (request) => {
    if (!mayReadMailbox(app.ctx.config, request.auth)) throw AppError.notFound(`Route GET /api/dev/mailbox not found`);
    return { success: true, data: await app.ctx.mailer.recent({ to: request.query.to, limit: request.query.limit }) };
  });
};
