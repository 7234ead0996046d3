import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChargeRunResponse, IdParams, LifecyclePreviewResponse } from '@pledgeway/domain';
import { createLifecyclePreview } from './preview.ts';
import { createChargeRuns } from './runs.ts';

// The life cycle's money steps over HTTP (tagged life-cycle). Charging uses the life cycle, so these
// routes, which call charging, are served by charging: the life cycle imports no charging code.

/** Charging a completed campaign, an admin's step of the life cycle: a charge run and its progress. */
function runRoutes(app: Parameters<FastifyPluginAsyncZod>[0]) {
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

/** An admin's charge run of a completed campaign, and the creator's preview of what Close and Complete would do. */
export const chargeRunRoutes: FastifyPluginAsyncZod = async (app) => {
  runRoutes(app);
  previewRoute(app);
};
