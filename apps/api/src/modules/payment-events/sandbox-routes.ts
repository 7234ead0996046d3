import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DISPUTE_MESSAGES, SandboxDisputeOutcomeRequest, SandboxDisputeOutcomeResponse } from '@pledgeway/domain';
import { createDisputesService } from '../disputes/service.ts';
import { deliverSandboxEvents } from './service.ts';

/**
 * The sandbox's way to decide a dispute (admins only): the outcome is delivered as the sandbox's
 * payment event at once. Served here because payment events hand disputes to the disputes module,
 * which therefore imports nothing of payment events.
 */
export const sandboxDisputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDisputesService(app.ctx);
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
