import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

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

/** A connection from this machine that no proxy forwarded: a reverse proxy on the same host adds forwarding headers. */
function isDirectLocalRequest(request: FastifyRequest): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  return !FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
}

/**
 * The outbox, readable while the app runs as a local install, so a person running it on their
 * machine, and the e2e tests, can open the e-mails the app sends. The mails hold password-reset
 * links, so only a direct connection from this machine or a signed-in admin may read them.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!mailboxEnabled(app.ctx.config)) return;
  app.get('/dev/mailbox', { schema: { hide: true, querystring: MailboxQuery } }, async (request) => {
    if (!isDirectLocalRequest(request) && request.auth?.role !== 'admin') throw AppError.notFound(`Route GET /api/dev/mailbox not found`);
    return { success: true, data: await app.ctx.mailer.recent({ to: request.query.to, limit: request.query.limit }) };
  });
};
