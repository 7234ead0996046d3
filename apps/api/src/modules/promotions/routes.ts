import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CampaignPromotionsResponse,
  IdParams,
  ManagedPromotionsResponse,
  MyPromotionResponse,
  PROMOTION_MESSAGES,
  PromotionActionResponse,
  PromotionRequest,
  RequestPromotionResponse,
} from '@pledgeway/domain';
import { createPromotionsService } from './service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

const tags = ['promotions'];

/** Third-Party Promotion: the request, the host's answers, and what the campaign page shows. */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPromotionsService(app.ctx);

  app.post(
    '/events/:id/promotions',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Ask the host to promote their campaign: nothing is public until the host accepts',
        params: IdParams,
        body: PromotionRequest,
        response: { 201: RequestPromotionResponse },
      },
    },
    async (request, reply) => {
      const promotion = await service.request(request.auth!, request.params.id, request.body);
      return reply.status(201).send({ success: true as const, message: PROMOTION_MESSAGES.requested, data: promotion });
    },
  );

  app.get(
    '/events/:id/promotions',
    {
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags,
        summary: '"Promoted by": accepted and ended promotions with the counted pledges credited to each',
        params: IdParams,
        response: { 200: CampaignPromotionsResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: { promotions: await service.shown(request.params.id, request.auth) } };
    },
  );

  app.get(
    '/events/:id/promotions/manage',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Every promotion request of a campaign, for its host and admins',
        params: IdParams,
        response: { 200: ManagedPromotionsResponse },
      },
    },
    async (request) => ({ success: true as const, data: { promotions: await service.managed(request.auth!, request.params.id) } }),
  );

  app.get(
    '/events/:id/promotions/mine',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The caller's own promotion of a campaign, with their link once accepted",
        params: IdParams,
        response: { 200: MyPromotionResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.mine(request.auth!, request.params.id) }),
  );

  registerAnswerRoutes(app, service);
};

const ANSWER_MESSAGES = {
  accept: (name: string) => PROMOTION_MESSAGES.accepted.replace('{name}', name),
  decline: () => PROMOTION_MESSAGES.declinedDone,
  end: () => PROMOTION_MESSAGES.endedDone,
} as const;

/** The host's answers: accept, decline, end. */
function registerAnswerRoutes(app: Parameters<FastifyPluginAsyncZod>[0], service: ReturnType<typeof createPromotionsService>): void {
  const answers = [
    ['accept', 'Accept a request: the promoter gets their link'],
    ['decline', 'Decline a request'],
    ['end', 'End an accepted promotion: its link stops crediting pledges; earlier credit stays'],
  ] as const;
  for (const [answer, summary] of answers) {
    app.post(
      `/promotions/:id/${answer}`,
      { preHandler: app.authenticate, schema: { tags, summary, params: IdParams, response: { 200: PromotionActionResponse } } },
      async (request) => {
        const promotion = await service.answer(request.auth!, request.params.id, answer);
        return { success: true as const, message: ANSWER_MESSAGES[answer](promotion.promoter.name), data: promotion };
      },
    );
  }
}
