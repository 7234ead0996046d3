import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { useCharityRepresentation } from '../charity-connect/index.ts';
import { representation } from './representation.ts';
import { z } from 'zod';
import {
  AcceptInvitationResponse,
  CharityProfileFields,
  IdParams,
  InvitationPreviewResponse,
  InvitationTokenParams,
  InviteRepresentativeRequest,
  InviteRepresentativeResponse,
  MyCharitiesResponse,
  PORTAL_MESSAGES,
  PortalOverviewResponse,
  ProfileSubmittedResponse,
  RepresentativeParams,
  RepresentativesResponse,
} from '@pledgeway/domain';
import { readMultipart } from '../../lib/uploads.ts';
import { sendCsv } from '../../lib/csv.ts';
import { createCharityPortalService } from './service.ts';

const ActionOk = z.object({ success: z.literal(true), message: z.string() });

/**
 * The charity portal (decision 135): admins invite representatives; an invited person accepts;
 * a representative reads and edits only the charities they represent.
 */
export const charityPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  // Connect asks the portal who represents a charity (decision 135): it sits below the portal.
  useCharityRepresentation(representation);
  const portal = createCharityPortalService(app.ctx);
  adminRepresentativeRoutes(app, portal);
  invitationRoutes(app, portal);
  portalRoutes(app, portal);
};

type App = Parameters<FastifyPluginAsyncZod>[0];
type Portal = ReturnType<typeof createCharityPortalService>;
const adminTags = ['admin'];
const tags = ['charity-portal'];

/** Admins: who represents a charity, invitations, removal. */
function adminRepresentativeRoutes(app: App, portal: Portal) {
  app.get(
    '/admin/charities/:id/representatives',
    {
      onRequest: app.requireAdmin,
      schema: { tags: adminTags, summary: 'Who represents a charity, and open invitations', params: IdParams, response: { 200: RepresentativesResponse } },
    },
    async (request) => ({ success: true as const, data: await portal.representatives(request.params.id) }),
  );

  app.post(
    '/admin/charities/:id/representatives',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Invite a representative of the charity by e-mail',
        params: IdParams,
        body: InviteRepresentativeRequest,
        response: { 201: InviteRepresentativeResponse },
      },
    },
    async (request, reply) => {
      const data = await portal.invite(request.auth!.userId, request.params.id, request.body.email);
      return reply.status(201).send({ success: true as const, message: PORTAL_MESSAGES.invited.replace('{email}', data.email), data });
    },
  );

  app.delete(
    '/admin/charities/:id/representatives/:userId',
    { onRequest: app.requireAdmin, schema: { tags: adminTags, summary: 'Remove a representative', params: RepresentativeParams, response: { 200: ActionOk } } },
    async (request) => {
      await portal.removeRepresentative(request.auth!.userId, request.params.id, request.params.userId);
      return { success: true as const, message: PORTAL_MESSAGES.representativeRemoved };
    },
  );
}

/** The invited person: what the link is for, and accepting it. */
function invitationRoutes(app: App, portal: Portal) {
  app.get(
    '/charity-invitations/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link is for: the charity, the invited address, its state',
        params: InvitationTokenParams,
        response: { 200: InvitationPreviewResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await portal.preview(request.params.token) };
    },
  );

  app.post(
    '/charity-invitations/:token/accept',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Accept an invitation with the invited address', params: InvitationTokenParams, response: { 200: AcceptInvitationResponse } },
    },
    async (request) => {
      const accepted = await portal.accept(request.auth!.userId, request.params.token);
      return { success: true as const, message: PORTAL_MESSAGES.accepted.replace('{charity}', accepted.charityName), data: { charity_id: accepted.charityId } };
    },
  );
}

/** A representative's portal: only the charities they represent. */
function portalRoutes(app: App, portal: Portal) {
  app.get(
    '/portal/charities',
    { preHandler: app.authenticate, schema: { tags, summary: 'The charities the caller represents', response: { 200: MyCharitiesResponse } } },
    async (request) => ({ success: true as const, data: { charities: await portal.mine(request.auth!.userId) } }),
  );

  app.get(
    '/portal/charities/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'A represented charity: profile, campaigns, money, payouts with the pledges each carried, disputes, Stripe state',
        params: IdParams,
        response: { 200: PortalOverviewResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await portal.overview(request.auth!.userId, request.params.id) };
    },
  );

  app.put(
    '/portal/charities/:id/profile',
    {
      preHandler: app.authenticate,
      config: { multipart: { fields: Object.keys(CharityProfileFields.shape), files: ['logo'] } },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        summary: 'Propose a change to the charity’s public profile, held for an admin’s approval',
        params: IdParams,
        response: { 200: ProfileSubmittedResponse },
      },
    },
    async (request) => {
      // Whether the caller represents the charity is decided before the body is read.
      await portal.assertRepresents(request.params.id, request.auth!.userId);
      const data = await portal.submitProfile(request.auth!.userId, request.params.id, await readMultipart(request));
      return { success: true as const, message: PORTAL_MESSAGES.profileSubmitted, data };
    },
  );

  app.get(
    '/portal/charities/:id/payouts.csv',
    { preHandler: app.authenticate, schema: { tags, summary: 'The charity’s payouts and the pledges each carried, as CSV', params: IdParams } },
    async (request, reply) => sendCsv(reply, 'payouts', await portal.payoutsCsv(request.auth!.userId, request.params.id)),
  );

  app.get(
    '/portal/charities/:id/supporters.csv',
    {
      preHandler: app.authenticate,
      // A representative's key of scope `pledges:read` downloads it for their tools (decision 181).
      config: { apiKeyScope: 'pledges:read' },
      schema: {
        tags,
        summary: 'The charity’s supporters (pledges, donations, monthly gifts) as streamed CSV: names as each chose, e-mails only where shared',
        params: IdParams,
      },
    },
    async (request, reply) => sendCsv(reply, 'supporters', await portal.supportersCsv(request.auth!.userId, request.params.id)),
  );
}
