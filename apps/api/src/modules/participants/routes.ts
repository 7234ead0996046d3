import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENT_MESSAGES, ParticipantIdParams, ParticipantResult, PatchParticipantRequest, RemoveParticipantResponse } from '@pledgeway/domain';
import { readMultipart } from '../../lib/uploads.ts';
import { createParticipantsService } from './service.ts';

/** The participant calls of docs/product.md#7-api-calls (PUT /challengees/:id/image, DELETE /participants/:id) plus Accepted status. */
export const participantRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createParticipantsService(app.ctx);
  const params = ParticipantIdParams;

  app.put(
    '/challengees/:participantId/image',
    {
      preHandler: app.authenticate,
      config: { multipart: { fields: [], files: ['profile_image'] } },
      schema: {
        tags: ['participants'],
        summary: "Change a participant's picture (multipart)",
        consumes: ['multipart/form-data'],
        params,
        response: { 200: ParticipantResult },
      },
    },
    async (request) => {
      const result = await service.changeImage(request.params.participantId, request.auth, await readMultipart(request));
      return { success: true as const, message: EVENT_MESSAGES.participantImageSaved, ...result };
    },
  );

  app.delete(
    '/participants/:participantId',
    {
      preHandler: app.authenticate,
      schema: { tags: ['participants'], summary: 'Remove a participant from a campaign', params, response: { 200: RemoveParticipantResponse } },
    },
    async (request) => {
      await service.remove(request.params.participantId, request.auth);
      return { success: true as const, message: EVENT_MESSAGES.participantRemoved };
    },
  );

  app.patch(
    '/participants/:participantId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['participants'],
        summary: 'Mark a participant as accepted, or no longer',
        params,
        body: PatchParticipantRequest,
        response: { 200: ParticipantResult },
      },
    },
    async (request) => {
      const participant = await service.setAccepted(request.params.participantId, request.auth, request.body.accepted);
      return {
        success: true as const,
        message: participant.accepted ? 'Participant marked as Accepted' : 'Participant no longer marked as Accepted',
        participant,
      };
    },
  );
};
