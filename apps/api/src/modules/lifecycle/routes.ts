import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChargeRunResponse,
  IdParams,
  LIFECYCLE_MESSAGES,
  LifecyclePreviewResponse,
  LifecycleResponse,
  OptionalReasonRequest,
  ReasonRequest,
} from '@pledgeway/domain';
import { createLifecyclePreview } from '../charging/preview.ts';
import { createChargeRuns } from '../charging/runs.ts';
import { createLifecycleService, type LifecycleAction } from './service.ts';

/** Charging a completed campaign, an admin's step of the life cycle: a charge run and its progress. */
function chargeRunRoutes(app: Parameters<FastifyPluginAsyncZod>[0]) {
  const runs = createChargeRuns(app.ctx);
  const admin = { onRequest: app.requireAdmin };
  const tags = ['life-cycle'];
  app.post(
    '/admin/events/:id/charge',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Charge (or release) the pledges of a completed campaign',
        params: IdParams,
        response: { 200: ChargeRunResponse, 201: ChargeRunResponse },
      },
    },
    async (request, reply) => {
      const { run, created } = await runs.start(request.auth!, request.params.id);
      return reply.status(created ? 201 : 200).send({ success: true as const, data: run });
    },
  );
  app.get(
    '/admin/charge-runs/:id',
    { ...admin, schema: { tags, summary: 'Progress of a charge run', params: IdParams, response: { 200: ChargeRunResponse } } },
    async (request) => ({ success: true as const, data: await runs.get(request.params.id) }),
  );
}

/** What Close and Complete would do with the money, for the creator's confirmation before either. */
function previewRoute(app: Parameters<FastifyPluginAsyncZod>[0]) {
  const preview = createLifecyclePreview(app.ctx);
  app.get(
    '/events/:id/lifecycle-preview',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['life-cycle'],
        summary: 'What Close and Complete would do with the money, shown before the creator confirms',
        params: IdParams,
        response: { 200: LifecyclePreviewResponse },
      },
    },
    async (request) => ({ success: true as const, data: await preview(request.auth, request.params.id) }),
  );
}

/** The campaign life cycle over HTTP (DESIGN.md section 6): admin review, the creator's complete and close, charging. */
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
  chargeRunRoutes(app);

  previewRoute(app);
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
