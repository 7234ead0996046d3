import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, LIFECYCLE_MESSAGES, LifecycleResponse, OptionalReasonRequest, ReasonRequest } from '@pledgeway/domain';
import { createLifecycleService, type LifecycleAction } from './service.ts';

/** The campaign life cycle over HTTP (docs/architecture.md#api-conventions): admin review, the creator's complete and close (charging: charging/run-routes.ts). */
export const lifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const lifecycle = createLifecycleService(app.ctx);
  const admin = { onRequest: app.requireAdmin };
  const respond = async (eventId: string, auth: Parameters<typeof lifecycle.change>[0]['auth'], action: LifecycleAction, message: string, reason?: string) => {
    const row = await lifecycle.change({ eventId, auth, action, reason });
    return { success: true as const, message, event: { _id: row.id, status: row.status } };
  };
  const tags = ['life-cycle'];

  app.post(
    '/admin/events/:id/approve',
    { ...admin, schema: { tags, summary: 'Approve a pending campaign (e-mails its creator)', params: IdParams, response: { 200: LifecycleResponse } } },
    async (request) => respond(request.params.id, request.auth, 'approve', LIFECYCLE_MESSAGES.approved),
  );
  app.post(
    '/admin/events/:id/reject',
    {
      ...admin,
      schema: { tags, summary: 'Reject a pending campaign with a reason', params: IdParams, body: ReasonRequest, response: { 200: LifecycleResponse } },
    },
    async (request) => respond(request.params.id, request.auth, 'reject', LIFECYCLE_MESSAGES.rejected, request.body.reason),
  );
  app.post(
    '/admin/events/:id/freeze',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Freeze a live campaign (pledging disabled)',
        params: IdParams,
        body: OptionalReasonRequest.nullish(),
        response: { 200: LifecycleResponse },
      },
    },
    async (request) => respond(request.params.id, request.auth, 'freeze', LIFECYCLE_MESSAGES.frozen, request.body?.reason),
  );
  app.post(
    '/admin/events/:id/unfreeze',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Unfreeze: back to the status before',
        params: IdParams,
        body: OptionalReasonRequest.nullish(),
        response: { 200: LifecycleResponse },
      },
    },
    async (request) => respond(request.params.id, request.auth, 'unfreeze', LIFECYCLE_MESSAGES.unfrozen, request.body?.reason),
  );
  app.post(
    '/events/:id/complete',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'The creator marks a live campaign complete', params: IdParams, response: { 200: LifecycleResponse } },
    },
    async (request) => respond(request.params.id, request.auth, 'complete', LIFECYCLE_MESSAGES.completed),
  );
  app.post(
    '/events/:id/close',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The creator closes a live campaign: other pledges released, the creator's refunded less fees",
        params: IdParams,
        response: { 200: LifecycleResponse },
      },
    },
    async (request) => respond(request.params.id, request.auth, 'close', LIFECYCLE_MESSAGES.closed),
  );
};
