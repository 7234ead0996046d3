import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminProfileChangesResponse, DecideProfileChangeRequest, DecideProfileChangeResponse, IdParams, PORTAL_MESSAGES } from '@pledgeway/domain';
import { createProfileChanges } from './profile-changes.ts';

/** The admin's side of held profile edits (decision 176): the pending changes beside the current profiles, and the decision. */
export const profileChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const changes = createProfileChanges(app.ctx);
  const tags = ['charity-portal'];

  app.get(
    '/admin/charity-profile-changes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Profile changes waiting for approval, each beside the charity’s current profile',
        operationId: 'listCharityProfileChanges',
        response: { 200: AdminProfileChangesResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { items: await changes.list() } };
    },
  );

  app.post(
    '/admin/charity-profile-changes/:id/decision',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Approve a held profile change (the public profile takes it) or reject it; the representative is told',
        operationId: 'decideCharityProfileChange',
        params: IdParams,
        body: DecideProfileChangeRequest,
        response: { 200: DecideProfileChangeResponse },
      },
    },
    async (request) => {
      const { decision, reason } = request.body;
      const data = await changes.decide(request.auth!.userId, request.params.id, decision, reason);
      return { success: true as const, message: decision === 'approve' ? PORTAL_MESSAGES.changeApproved : PORTAL_MESSAGES.changeRejected, data };
    },
  );
};
