import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateFundraisingPageRequest,
  CreateFundraisingPageResponse,
  FUNDRAISING_PAGE_MESSAGES,
  FundraisingLeaderboardResponse,
  FundraisingPageActionResponse,
  FundraisingPageResponse,
  IdParams,
  ManagedFundraisingPagesResponse,
  MyFundraisingPagesResponse,
  PageIdParams,
  PageLinkParams,
  UpdateFundraisingPageRequest,
  UpdateFundraisingPageResponse,
} from '@pledgeway/domain';
import { createFundraisingPagesService } from './service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

const tags = ['fundraising-pages'];

/** Fundraising pages: start and edit one, the campaign's leaderboard, a page by its link, the owner's and the host's views. */
export const fundraisingPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createFundraisingPagesService(app.ctx);

  app.post(
    '/events/:id/fundraising-pages',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Start the caller's fundraising page under a live campaign: pledges through its link count for both",
        params: IdParams,
        body: CreateFundraisingPageRequest,
        response: { 201: CreateFundraisingPageResponse },
      },
    },
    async (request, reply) => {
      const page = await service.create(request.auth!, request.params.id, request.body);
      return reply.status(201).send({ success: true as const, message: FUNDRAISING_PAGE_MESSAGES.created, data: page });
    },
  );

  app.get(
    '/events/:id/fundraising-pages',
    {
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags,
        summary: 'The leaderboard of a campaign: its shown fundraising pages, most raised first',
        params: IdParams,
        response: { 200: FundraisingLeaderboardResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: { pages: await service.leaderboard(request.params.id, request.auth) } };
    },
  );

  app.get(
    '/events/:id/fundraising-pages/manage',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Every fundraising page of a campaign, hidden ones included, for its host and admins',
        params: IdParams,
        response: { 200: ManagedFundraisingPagesResponse },
      },
    },
    async (request) => ({ success: true as const, data: { pages: await service.managed(request.auth!, request.params.id) } }),
  );

  app.get(
    '/fundraising-pages/mine',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The caller's fundraising pages with their supporters (anonymous ones without a name)",
        response: { 200: MyFundraisingPagesResponse },
      },
    },
    async (request) => ({ success: true as const, data: { pages: await service.mine(request.auth!) } }),
  );

  readRoute();

  /** A page by its link, for everyone. */
  function readRoute() {
    app.get(
      '/fundraising-pages/:page',
      {
        schema: {
          security: ROUTE_SECURITY.optionalSession,
          tags,
          summary: 'A fundraising page by its link; a hidden page answers that it was hidden',
          params: PageLinkParams,
          response: { 200: FundraisingPageResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return { success: true as const, data: await service.bySlug(request.params.page, request.auth) };
      },
    );
  }

  editRoute();
  switchRoutes();

  /** The owner's edit of their page. */
  function editRoute() {
    app.patch(
      '/fundraising-pages/:page',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: "The page's owner edits its title, story, target and picture; its link stays",
          params: PageIdParams,
          body: UpdateFundraisingPageRequest,
          response: { 200: UpdateFundraisingPageResponse },
        },
      },
      async (request) => ({
        success: true as const,
        message: FUNDRAISING_PAGE_MESSAGES.saved,
        data: await service.update(request.auth!, request.params.page, request.body),
      }),
    );
  }

  /** The host's hide and show, the owner's close and reopen: one route each, so the OpenAPI document names all four. */
  function switchRoutes() {
    const switches = [
      ['hide', "The campaign's host hides a page: off the leaderboard, its link says so, the owner is told", FUNDRAISING_PAGE_MESSAGES.hiddenDone],
      ['show', 'The host shows a hidden page again', FUNDRAISING_PAGE_MESSAGES.shownDone],
      ['close', "The page's owner closes it: it keeps its total, and pledges through its link are the campaign's alone", FUNDRAISING_PAGE_MESSAGES.closedDone],
      ['reopen', 'The owner reopens a closed page while the campaign is live', FUNDRAISING_PAGE_MESSAGES.reopenedDone],
    ] as const;
    for (const [action, summary, message] of switches) {
      app.post(
        `/fundraising-pages/:id/${action}`,
        { preHandler: app.authenticate, schema: { tags, summary, params: IdParams, response: { 200: FundraisingPageActionResponse } } },
        async (request) => {
          const { id } = request.params;
          const auth = request.auth!;
          const page =
            action === 'hide' || action === 'show'
              ? await service.setHidden(auth, id, action === 'hide')
              : await service.setClosed(auth, id, action === 'close');
          return { success: true as const, message, data: page };
        },
      );
    }
  }
};
