import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DISPUTE_MESSAGES,
  dollarsToCents,
  SandboxDisputeOutcomeRequest,
  SandboxDisputeOutcomeResponse,
  SandboxOpenDisputeRequest,
  SandboxOpenDisputeResponse,
} from '@pledgeway/domain';
import { createDisputesService } from '../disputes/index.ts';
import { deliverSandboxEvents } from './service.ts';

/**
 * The sandbox's way to open a dispute on a charged pledge and to decide it (admins only): each is
 * delivered as the sandbox's payment event at once. Served here because payment events hand disputes to the disputes module,
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

  app.post(
    '/admin/pledges/:id/sandbox-dispute',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['disputes'],
        summary: "Sandbox only: the donor's bank disputes a charged pledge's charge (all of it or an amount)",
        operationId: 'openSandboxDispute',
        params: z.object({ id: z.uuid('Invalid pledge id') }),
        body: SandboxOpenDisputeRequest,
        response: { 200: SandboxOpenDisputeResponse },
      },
    },
    async (request) => {
      const amount = request.body.amount;
      const disputeRef = await service.openInSandbox(request.auth!, request.params.id, amount === null ? null : dollarsToCents(amount));
      // Delivered now, so the dispute (and any reversal of the charge's transfer) is booked when the admin looks.
      await deliverSandboxEvents(app.ctx);
      return { success: true as const, message: DISPUTE_MESSAGES.sandboxOpened, data: await service.getByProviderRef(disputeRef) };
    },
  );
};
