import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiKeyCreatedResponse, ApiKeyRequest, ApiKeyRevokedResponse, ApiKeysResponse, IdParams, INTEGRATION_MESSAGES } from '@pledgeway/domain';
import { createApiKeysService } from './service.ts';

const tags = ['api-keys'];

/** Personal API keys: made, listed and revoked by their signed-in user only, never with a key. */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createApiKeysService(app.ctx);

  app.get(
    '/api-keys',
    {
      preHandler: app.authenticate,
      schema: { tags, operationId: 'listApiKeys', summary: 'Your API keys (their prefixes, never the keys)', response: { 200: ApiKeysResponse } },
    },
    async (request) => ({ success: true as const, data: { keys: await service.list(request.auth!.userId) } }),
  );

  app.post(
    '/api-keys',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'createApiKey',
        summary: 'Make an API key with the scopes it may use; the key is answered once',
        body: ApiKeyRequest,
        response: { 201: ApiKeyCreatedResponse },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.auth!.userId, request.body);
      return reply.status(201).send({ success: true as const, message: INTEGRATION_MESSAGES.keyCreated, data: created });
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key: it stops working at once',
        params: IdParams,
        response: { 200: ApiKeyRevokedResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: INTEGRATION_MESSAGES.keyRevoked,
      data: { key: await service.revoke(request.auth!.userId, request.params.id) },
    }),
  );
};
