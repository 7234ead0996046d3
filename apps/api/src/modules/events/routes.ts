import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSerialised } from '../../lib/send-json.ts';
import {
  CreateEventRequest,
  CreateEventResponse,
  EVENT_MESSAGES,
  EventDetailResponse,
  EventPaymentRequest,
  EventPaymentResponse,
  IdParams,
  ManageEventResponse,
  UpdateEventResponse,
} from '@pledgeway/domain';
import { AppError } from '../../errors.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';
import { readMultipart } from '../../lib/uploads.ts';
import { createEventsService } from './service.ts';
import { EDIT_FORM_PARTS } from './update.ts';

/** Reads a multipart body; a file over the 10 MB per-file limit gets the document message of docs/product.md#basic-information. */
async function readEditBody(request: Parameters<typeof readMultipart>[0]) {
  try {
    return await readMultipart(request);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('DOCUMENT_TOO_LARGE', EVENT_MESSAGES.documentTooLarge, 413, { documents: EVENT_MESSAGES.documentTooLarge });
    }
    throw error;
  }
}

export { readEditBody };

/** The optional Idempotency-Key header: a client's retry of a create sends the same one (1–200 visible characters). */
function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(header)) {
    throw AppError.validation({ 'Idempotency-Key': 'Idempotency-Key must be 1 to 200 visible characters' });
  }
  return header;
}

/** Campaign creation, public read, owner/admin read, funding and editing. */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createEventsService(app.ctx);

  app.post(
    '/events/create',
    {
      preHandler: app.authenticate,
      // The body is validated by hand so the "Missing required fields" check (docs/product.md#before-submission) runs first.
      attachValidation: true,
      schema: { tags: ['campaigns'], summary: 'Create a campaign (status pending)', body: CreateEventRequest, response: { 201: CreateEventResponse } },
    },
    async (request, reply) => {
      await service.assertMayCreate(request.auth!.userId);
      service.assertNothingMissing(request.body);
      if (request.validationError) throw request.validationError;
      const event = await service.create(request.auth!.userId, request.body, idempotencyKey(request.headers['idempotency-key']));
      return reply.status(201).send({ success: true as const, message: EVENT_MESSAGES.created, event: { ...event, id: event._id } });
    },
  );

  readRoutes();

  /** The public read of one campaign, at its path and at its path before decision 185. */
  function readRoutes() {
    // `/events/show/:id` was the path before `/events/:id`: it answers the same, for the clients
    // that use it, and stays out of the OpenAPI document, where it made each /events/{id}/… path
    // ambiguous (decision 185).
    for (const [url, hide] of [
      ['/events/:id', false],
      ['/events/show/:id', true],
    ] as const) {
      app.get(
        url,
        {
          logLevel: 'warn',
          schema: {
            hide,
            tags: ['campaigns'],
            summary: 'One campaign (unpublished ones for their creator and admins only)',
            security: ROUTE_SECURITY.optionalSession,
            params: IdParams,
            response: { 200: EventDetailResponse },
          },
        },
        async (request, reply) => {
          const body = await service.show(request.params.id, request.auth);
          reply.header('cache-control', 'private, no-cache');
          // Serialised through EventDetailResponse (and compressed) when it was cached; 304 when the client's copy is current.
          return sendSerialised(request, reply, body);
        },
      );
    }
  }

  app.get(
    '/events/:id/manage',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: 'A campaign for its creator or an admin, with the allowed status changes',
        params: IdParams,
        response: { 200: ManageEventResponse },
      },
    },
    async (request) => service.manage(request.params.id, request.auth),
  );

  app.post(
    '/events/payment',
    {
      preHandler: app.authenticate,
      schema: { tags: ['campaigns'], summary: "The creator's funding payment", body: EventPaymentRequest, response: { 200: EventPaymentResponse } },
    },
    async (request) => service.fund(request.auth!.userId, request.body),
  );

  app.put(
    '/events/:id',
    {
      preHandler: app.authenticate,
      config: { multipart: EDIT_FORM_PARTS },
      schema: {
        tags: ['campaigns'],
        summary: 'Edit a campaign (multipart)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: UpdateEventResponse },
      },
    },
    async (request) => {
      const event = await service.update(request.params.id, request.auth, await readEditBody(request));
      return { success: true as const, message: EVENT_MESSAGES.updated, event };
    },
  );
};
