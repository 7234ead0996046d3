import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '@pledgeway/domain';
import { OptionalReasonRequest } from '@pledgeway/domain/schemas/lifecycle';
import { ADMIN_MESSAGES, AdminUserActionResponse, AdminUserDetailResponse, AdminUsersQuery, AdminUsersResponse } from '@pledgeway/domain/schemas/admin';
import { createAdminPeopleService } from './service.ts';

export const adminPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminPeopleService(app.ctx);
  const tags = ['admin'];

  app.get(
    '/users',
    { schema: { tags, summary: 'People, searched and filtered by status', querystring: AdminUsersQuery, response: { 200: AdminUsersResponse } } },
    async (request) => ({
      success: true as const,
      data: await service.list(request.query),
    }),
  );

  app.get(
    '/users/:id',
    { schema: { tags, summary: 'One person with their campaigns and pledges', params: IdParams, response: { 200: AdminUserDetailResponse } } },
    async (request) => ({
      success: true as const,
      data: await service.detail(request.params.id),
    }),
  );

  app.post(
    '/users/:id/disable',
    {
      schema: {
        tags,
        summary: 'Disable an account, with an optional reason',
        params: IdParams,
        body: OptionalReasonRequest.optional(),
        response: { 200: AdminUserActionResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: ADMIN_MESSAGES.userDisabled,
      data: await service.disable(request.auth!.userId, request.params.id, request.body?.reason ?? ''),
    }),
  );

  app.post(
    '/users/:id/enable',
    {
      schema: {
        tags,
        summary: 'Enable a disabled account again',
        params: IdParams,
        body: OptionalReasonRequest.optional(),
        response: { 200: AdminUserActionResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: ADMIN_MESSAGES.userEnabled,
      data: await service.enable(request.auth!.userId, request.params.id, request.body?.reason ?? ''),
    }),
  );
};
