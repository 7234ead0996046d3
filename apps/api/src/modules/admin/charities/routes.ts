import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '@pledgeway/domain';
import {
  ADMIN_MESSAGES,
  AdminCharitiesResponse,
  AdminCharityGroupResponse,
  AdminCharityResponse,
  CharityFields,
  CharityGroupRequest,
  CharityVisibilityRequest,
} from '@pledgeway/domain/schemas/admin';
import { readMultipart } from '../../../lib/uploads.ts';
import { createAdminCharitiesService } from './service.ts';

export const adminCharityRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminCharitiesService(app.ctx);
  const tags = ['admin'];
  const multipart = { tags, consumes: ['multipart/form-data'] };
  const charityForm = { multipart: { fields: Object.keys(CharityFields.shape), files: ['logo'] } };

  app.get('/charities', { schema: { tags, summary: 'Every charity, hidden ones too', response: { 200: AdminCharitiesResponse } } }, async () => ({
    success: true as const,
    data: await service.list(),
  }));

  app.post(
    '/charities',
    { config: charityForm, schema: { ...multipart, summary: 'Add a charity (multipart, with its logo)', response: { 201: AdminCharityResponse } } },
    async (request, reply) => {
      const data = await service.create(request.auth!.userId, await readMultipart(request));
      return reply.status(201).send({ success: true as const, message: ADMIN_MESSAGES.charityCreated, data });
    },
  );

  app.put(
    '/charities/:id',
    { config: charityForm, schema: { ...multipart, summary: 'Edit a charity (multipart)', params: IdParams, response: { 200: AdminCharityResponse } } },
    async (request) => ({
      success: true as const,
      message: ADMIN_MESSAGES.charityUpdated,
      data: await service.update(request.auth!.userId, request.params.id, await readMultipart(request)),
    }),
  );

  app.post(
    '/charities/:id/visibility',
    {
      schema: {
        tags,
        summary: 'Hide a charity from new campaigns and the public list, or show it again',
        params: IdParams,
        body: CharityVisibilityRequest,
        response: { 200: AdminCharityResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: ADMIN_MESSAGES.charityUpdated,
      data: await service.setHidden(request.auth!.userId, request.params.id, request.body.hidden),
    }),
  );

  app.post(
    '/charity-groups',
    { schema: { tags, summary: 'Add a charity group', body: CharityGroupRequest, response: { 201: AdminCharityGroupResponse } } },
    async (request, reply) => {
      const data = await service.createGroup(request.auth!.userId, request.body);
      return reply.status(201).send({ success: true as const, message: ADMIN_MESSAGES.groupCreated, data });
    },
  );
};
