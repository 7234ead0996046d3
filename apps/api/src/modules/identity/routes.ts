import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdentityStatusResponse,
  SandboxVerificationRequest,
  SandboxVerificationResponse,
  StartIdentitySessionRequest,
  StartIdentitySessionResponse,
} from '@pledgeway/domain';
import { AppError } from '../../errors.ts';
import { createIdentityProvider } from '../../providers/identity/index.ts';
import { createIdentityService } from './service.ts';

export const SIGNATURE_HEADER = 'pledgeway-signature';

/** GET /identity/status, POST /identity/session, the sandbox's hosted-page submit, and the webhook. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createIdentityProvider(app.ctx.config);
  // The sandbox sends its callback to the app itself, through the same route a provider would call.
  const deliver = async (body: string, signature: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/identity/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    });
    if (response.statusCode !== 200) throw new AppError('IDENTITY_CALLBACK_FAILED', 'The verification result could not be recorded', 502);
  };
  const service = createIdentityService(app.ctx, provider, deliver);

  app.get(
    '/identity/status',
    { preHandler: app.authenticate, schema: { tags: ['identity'], summary: "Your identity verification's status", response: { 200: IdentityStatusResponse } } },
    async (request) => service.status(request.auth!.userId),
  );

  app.post(
    '/identity/session',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: 'Start an identity verification with the provider',
        body: StartIdentitySessionRequest,
        response: { 201: StartIdentitySessionResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.start(request.auth!.userId, request.body?.next)),
  );

  app.post(
    '/identity/sandbox/sessions/:sessionId/verify',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: "The sandbox provider's hosted verification form",
        params: z.object({ sessionId: z.string().min(1).max(100) }),
        body: SandboxVerificationRequest,
        response: { 200: SandboxVerificationResponse },
      },
    },
    async (request) => service.submitSandbox(request.auth!.userId, request.params.sessionId, request.body),
  );

  // The webhook needs the exact bytes to check the signature, so JSON is read as text here only.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    webhook.post(
      '/identity/webhook',
      { schema: { tags: ['identity'], summary: 'Signed callback of the identity provider', response: { 200: z.object({ received: z.boolean() }) } } },
      async (request) => {
        const signature = request.headers[SIGNATURE_HEADER] ?? request.headers['stripe-signature'];
        return service.handleWebhook(String(request.body ?? ''), Array.isArray(signature) ? signature[0] : signature);
      },
    );
  });
};
