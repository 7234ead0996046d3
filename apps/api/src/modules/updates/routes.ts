import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '@pledgeway/domain';
import {
  CommentResponse,
  CreateCommentRequest,
  PostUpdateResponse,
  UPDATE_MESSAGES,
  UpdatesResponse,
  updatePostedMessage,
} from '@pledgeway/domain/schemas/updates';
import { AppError } from '../../errors.ts';
import { readMultipart } from '../../lib/uploads.ts';
import { ATTACHMENT_FIELD, createUpdatesService } from './service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

/** Reads the multipart body; a file over the 10 MB per-file limit is answered on the attachment field. */
async function readUpdateBody(request: Parameters<typeof readMultipart>[0]) {
  try {
    return await readMultipart(request);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = 'Files can be at most 10MB (images at most 5MB)';
      throw new AppError('ATTACHMENT_TOO_LARGE', message, 413, { [ATTACHMENT_FIELD]: message });
    }
    throw error;
  }
}

/** Campaign updates and their comments (issue 12, item 5). */
export const updateRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUpdatesService(app.ctx);

  app.get(
    '/events/:id/updates',
    {
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['updates'],
        summary: "A campaign's updates, newest first, with their comments",
        params: IdParams,
        response: { 200: UpdatesResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return { success: true as const, data: await service.list(request.params.id, request.auth) };
    },
  );

  app.post(
    '/events/:id/updates',
    {
      preHandler: app.authenticate,
      // Each update e-mails the supporters who asked: a burst is refused rather than mailed.
      // A key of scope `updates:write` may post for its user's own campaigns (decision 182).
      config: { apiKeyScope: 'updates:write', rateLimit: { max: 30, timeWindow: '1 minute' }, multipart: { fields: ['message'], files: [ATTACHMENT_FIELD] } },
      schema: {
        tags: ['updates'],
        summary: 'Post an update (multipart: message, optional attachment); e-mailed to supporters who asked',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: PostUpdateResponse },
      },
    },
    async (request, reply) => {
      const result = await service.post(request.params.id, request.auth, await readUpdateBody(request));
      return reply.status(201).send({ success: true as const, message: updatePostedMessage(result.emailed), data: result });
    },
  );

  app.post(
    '/updates/:id/comments',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['updates'],
        summary: 'Comment on an update (supporters)',
        params: IdParams,
        body: CreateCommentRequest,
        response: { 201: CommentResponse },
      },
    },
    async (request, reply) => {
      const comment = await service.comment(request.params.id, request.auth, request.body);
      return reply.status(201).send({ success: true as const, message: UPDATE_MESSAGES.commentPosted, data: { comment } });
    },
  );

  app.post(
    '/comments/:id/hide',
    {
      preHandler: app.authenticate,
      schema: { tags: ['updates'], summary: 'Hide a comment (creator or admin)', params: IdParams, response: { 200: CommentResponse } },
    },
    async (request) => {
      const comment = await service.hide(request.params.id, request.auth);
      return { success: true as const, message: UPDATE_MESSAGES.commentHidden, data: { comment } };
    },
  );
};
