import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParams,
  INTEGRATION_MESSAGES,
  WebhookActionResponse,
  WebhookDeliveriesResponse,
  WebhookEndpointPatch,
  WebhookEndpointRequest,
  WebhookEndpointResponse,
  WebhookEndpointSecretResponse,
  WebhookEndpointsResponse,
} from '@pledgeway/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { representation } from '../charity-portal/index.ts';
import { createWebhooksService, WEBHOOK_QUEUE, type WebhookOwner, type WebhooksService } from './service.ts';

const tags = ['webhooks'];
const scope = { apiKeyScope: 'webhooks:manage' as const };
const DeliveryParams = z.object({ id: z.uuid('Invalid id'), deliveryId: z.uuid('Invalid id') });
/** `?charity_id=`: the charity's endpoints, for one of its representatives (decision 181); else the caller's own as a host. */
const OwnerQuery = z.object({ charity_id: z.uuid('Invalid charity id').optional() });
/** How often an instance with workers looks for events to dispatch and deliveries due. */
const POLL_MS = 5_000;

/**
 * The owner of the endpoints a call manages: the caller as a host (decision 146), or with
 * `?charity_id=` a charity the caller represents (decision 181); a charity they do not represent is not found.
 */
async function ownerOf(request: FastifyRequest): Promise<WebhookOwner> {
  const charityId = (request.query as z.infer<typeof OwnerQuery>).charity_id;
  if (!charityId) return { type: 'host', id: request.auth!.userId };
  if (!(await representation.represents(request.server.ctx.db, charityId, request.auth!.userId))) throw AppError.notFound(INTEGRATION_MESSAGES.charityNotFound);
  return { type: 'charity', id: charityId };
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The worker: every minute by schedule (whichever instance is first), woken by a test event or
 * "send again", and every 5 s on an instance with workers. Claims are locked, so instances share the work.
 */
function startDeliveryWorker(app: App, service: WebhooksService): void {
  app.ctx.jobs.define(WEBHOOK_QUEUE, () => service.run(), { cron: '* * * * *', retryLimit: 1 });
  if (app.ctx.config.env !== 'test') {
    let running = false;
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        service
          .run()
          .catch((error: unknown) => app.log.error({ err: error }, 'webhook delivery pass failed'))
          .finally(() => (running = false));
      }, POLL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
}

/** A host's endpoints: list, add, change and delete. */
function registerEndpointRoutes(app: App, service: WebhooksService): void {
  app.get(
    '/webhooks/endpoints',
    {
      preHandler: app.authenticate,
      config: scope,
      schema: {
        querystring: OwnerQuery,
        tags,
        operationId: 'listWebhookEndpoints',
        summary: 'Your webhook endpoints',
        response: { 200: WebhookEndpointsResponse },
      },
    },
    async (request) => ({ success: true as const, data: { endpoints: await service.list(await ownerOf(request)) } }),
  );

  app.post(
    '/webhooks/endpoints',
    {
      preHandler: app.authenticate,
      config: scope,
      schema: {
        querystring: OwnerQuery,
        tags,
        operationId: 'createWebhookEndpoint',
        summary: 'Add an endpoint that receives signed events about your campaigns; its secret is answered once',
        body: WebhookEndpointRequest,
        response: { 201: WebhookEndpointSecretResponse },
      },
    },
    async (request, reply) => {
      const created = await service.create(await ownerOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: INTEGRATION_MESSAGES.endpointCreated, data: created });
    },
  );

  app.patch(
    '/webhooks/endpoints/:id',
    {
      preHandler: app.authenticate,
      config: scope,
      schema: {
        querystring: OwnerQuery,
        tags,
        operationId: 'updateWebhookEndpoint',
        summary: 'Change the events an endpoint receives, or turn it on or off',
        params: IdParams,
        body: WebhookEndpointPatch,
        response: { 200: WebhookEndpointResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: INTEGRATION_MESSAGES.endpointUpdated,
      data: { endpoint: await service.update(await ownerOf(request), request.params.id, request.body) },
    }),
  );

  app.delete(
    '/webhooks/endpoints/:id',
    {
      preHandler: app.authenticate,
      config: scope,
      schema: {
        querystring: OwnerQuery,
        tags,
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete an endpoint and its delivery log',
        params: IdParams,
        response: { 200: WebhookActionResponse },
      },
    },
    async (request) => {
      await service.remove(await ownerOf(request), request.params.id);
      return { success: true as const, message: INTEGRATION_MESSAGES.endpointDeleted, data: { id: request.params.id } };
    },
  );
}

/** An endpoint's secret, its test event and its delivery log with "send again". */
function registerSecretAndLogRoutes(app: App, service: WebhooksService): void {
  app.post(
    '/webhooks/endpoints/:id/rotate-secret',
    {
      preHandler: app.authenticate,
      config: scope,
      schema: {
        querystring: OwnerQuery,
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Make a new signing secret (answered once); the old one stays valid for 24 hours',
        params: IdParams,
        response: { 200: WebhookEndpointSecretResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: INTEGRATION_MESSAGES.secretRotated,
      data: await service.rotate(await ownerOf(request), request.params.id),
    }),
  );

  app.post(
    '/webhooks/endpoints/:id/test',
    {
      preHandler: app.authenticate,
      config: scope,
      schema: {
        querystring: OwnerQuery,
        tags,
        operationId: 'sendWebhookTest',
        summary: 'Send the endpoint a test event',
        params: IdParams,
        response: { 202: WebhookActionResponse },
      },
    },
    async (request, reply) => {
      const id = await service.sendTest(await ownerOf(request), request.params.id);
      return reply.status(202).send({ success: true as const, message: INTEGRATION_MESSAGES.testQueued, data: { id } });
    },
  );

  app.get(
    '/webhooks/endpoints/:id/deliveries',
    {
      preHandler: app.authenticate,
      config: scope,
      schema: {
        querystring: OwnerQuery,
        tags,
        operationId: 'listWebhookDeliveries',
        summary: "The endpoint's delivery log: each event, its status and every attempt",
        params: IdParams,
        response: { 200: WebhookDeliveriesResponse },
      },
    },
    async (request) => ({ success: true as const, data: { deliveries: await service.deliveries(await ownerOf(request), request.params.id) } }),
  );

  app.post(
    '/webhooks/endpoints/:id/deliveries/:deliveryId/redeliver',
    {
      preHandler: app.authenticate,
      config: scope,
      schema: {
        querystring: OwnerQuery,
        tags,
        operationId: 'redeliverWebhook',
        summary: 'Send one delivery again',
        params: DeliveryParams,
        response: { 202: WebhookActionResponse },
      },
    },
    async (request, reply) => {
      const id = await service.redeliver(await ownerOf(request), request.params.id, request.params.deliveryId);
      return reply.status(202).send({ success: true as const, message: INTEGRATION_MESSAGES.redeliveryQueued, data: { id } });
    },
  );
}

/** Outgoing webhooks: a host's endpoints, their delivery logs, and the delivery worker. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createWebhooksService(app.ctx);
  startDeliveryWorker(app, service);
  registerEndpointRoutes(app, service);
  registerSecretAndLogRoutes(app, service);
};
