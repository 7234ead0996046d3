import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMBED_MESSAGES, EmbedOriginsRequest, EmbedOriginsResponse, IdParams, SaveEmbedOriginsResponse } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { createEmbedsService, withFrameAncestors } from './service.ts';

const tags = ['embeds'];

/** The host's list of sites allowed to embed the campaign. */
export const embedRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createEmbedsService(app.ctx);

  app.get(
    '/events/:id/embed-origins',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The sites allowed to show the campaign in a frame (its host and admins)',
        params: IdParams,
        response: { 200: EmbedOriginsResponse },
      },
    },
    async (request) => ({ success: true as const, data: { origins: await service.origins(request.auth!, request.params.id) } }),
  );

  app.put(
    '/events/:id/embed-origins',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Replace the sites allowed to show the campaign in a frame (CSP frame-ancestors of /embed/events/{id} only)',
        params: IdParams,
        body: EmbedOriginsRequest,
        response: { 200: SaveEmbedOriginsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: EMBED_MESSAGES.saved,
      data: { origins: await service.save(request.auth!, request.params.id, request.body.origins) },
    }),
  );
};

/**
 * Every page refuses framing (`frame-ancestors 'self'`, `X-Frame-Options: SAMEORIGIN`) except a
 * campaign's embed page, which names its host's sites instead. Runs after the security headers hook.
 */
export function registerEmbedFraming(app: FastifyInstance, ctx: AppContext): void {
  const service = createEmbedsService(ctx);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const eventId = service.embeddedCampaign(request.url);
    if (!eventId) return;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string') return;
    reply.header('content-security-policy', withFrameAncestors(policy, await service.framingOrigins(eventId)));
    reply.removeHeader('x-frame-options');
  });
}
