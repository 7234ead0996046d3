import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminAuditQuery, AdminAuditResponse } from '@pledgeway/domain/schemas/admin';
import { sendCsv, toCsv } from '../../../lib/csv.ts';
import { listAudit } from './repository.ts';

/** The audit log is read-only here: rows are written by the actions themselves, and the database refuses changes. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/audit',
    { schema: { tags, summary: "The admins' audit log, filtered", querystring: AdminAuditQuery, response: { 200: AdminAuditResponse } } },
    async (request) => {
      const { page, per_page: perPage, ...filters } = request.query;
      const result = await listAudit(app.ctx.database, filters, { page, perPage });
      return { success: true as const, data: { ...result, page, per_page: perPage } };
    },
  );

  app.get(
    '/audit/export.csv',
    { schema: { tags, summary: "The admins' audit log as CSV", querystring: AdminAuditQuery.omit({ page: true, per_page: true }) } },
    async (request, reply) => {
      const { items } = await listAudit(app.ctx.database, request.query, null);
      const csv = toCsv(
        ['id', 'when', 'actor', 'action', 'target_type', 'target_id', 'reason', 'before', 'after'],
        items.map((row) => [
          row.id,
          row.created_at,
          row.actor_email || row.actor_id,
          row.action,
          row.target_type,
          row.target_id,
          row.reason,
          row.before,
          row.after,
        ]),
      );
      return sendCsv(reply, 'audit-log', csv);
    },
  );
};
