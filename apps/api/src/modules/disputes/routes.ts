import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminDisputesResponse, DISPUTE_MESSAGES, SandboxDisputeOutcomeRequest, SandboxDisputeOutcomeResponse } from '@pledgeway/domain';
import { deliverSandboxEvents } from '../payment-events/service.ts';
import { createDisputesService } from './service.ts';

/** GET /api/admin/disputes, and the sandbox's way to decide one (admins only). */
export const disputesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDisputesService(app.ctx);
  app.get(
    '/admin/disputes',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['disputes'], summary: 'Disputes (chargebacks) of charged pledges, newest first', response: { 200: AdminDisputesResponse } },
    },
    async () => ({ success: true as const, data: await service.list() }),
  );
  app.post(
    '/admin/disputes/:id/sandbox-outcome',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['disputes'],
        summary: 'Sandbox only: decide an open dispute as won or lost, as the card network would',
        params: z.object({ id: z.uuid('Invalid dispute id') }),
        body: SandboxDisputeOutcomeRequest,
        response: { 200: SandboxDisputeOutcomeResponse },
      },
    },
    async (request) => {
      await service.decideInSandbox(request.auth!, request.params.id, request.body.outcome);
      // Delivered now rather than by the next job, so the admin sees the outcome booked.
      await deliverSandboxEvents(app.ctx);
      const dispute = await service.get(request.params.id);
      return { success: true as const, message: request.body.outcome === 'won' ? DISPUTE_MESSAGES.sandboxWon : DISPUTE_MESSAGES.sandboxLost, data: dispute };
    },
  );
};
