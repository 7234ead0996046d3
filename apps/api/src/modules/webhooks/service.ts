import { randomUUID } from 'node:crypto';
import {
  INTEGRATION_MESSAGES,
  WEBHOOK_EVENT_TYPES_BY_OWNER,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointRequest,
  type WebhookEventType,
} from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { checkedAddress, RefusedAddressError, type Resolver } from './address-guard.ts';
import { createWebhookDelivery } from './delivery.ts';
import { endpointsRepository as repo, type EndpointRow, type WebhookOwner } from './repository.ts';
import { newSigningSecret } from './signature.ts';

export type { WebhookOwner } from './repository.ts';
export { GIVE_UP_AFTER_MS } from './delivery.ts';

export const WEBHOOK_QUEUE = 'webhooks-deliver';
/** A rotated secret still signs (as a second v1) for 24 hours. */
const ROTATION_OVERLAP_MS = 24 * 3600_000;

function endpointView(row: EndpointRow, now: Date): WebhookEndpoint {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes as WebhookEventType[],
    status: row.disabledAt ? 'disabled' : 'enabled',
    disabled_reason: row.disabledAt ? (row.disabledReason ?? 'Turned off') : null,
    created_at: row.createdAt.toISOString(),
    previous_secret_expires_at: overlap,
  };
}

type AttemptLogRow = Awaited<ReturnType<typeof repo.attemptsOf>>[number];

function attemptView(attempt: AttemptLogRow) {
  return {
    at: attempt.at.toISOString(),
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    response: attempt.response,
    ok: attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300,
  };
}

/** A host's endpoints (made, changed, rotated, deleted), their delivery log, and the delivery worker's entry points. */
export function createWebhooksService(ctx: AppContext, options: { resolve?: Resolver } = {}) {
  const { db } = ctx;
  const allowPrivate = ctx.config.webhooksAllowPrivateAddresses;
  const delivery = createWebhookDelivery(ctx, options);

  async function ownedEndpoint(owner: WebhookOwner, id: string): Promise<EndpointRow> {
    const row = await repo.owned(db, owner, id);
    if (!row) throw AppError.notFound(INTEGRATION_MESSAGES.endpointNotFound);
    return row;
  }

  /** An owner subscribes only to the events it receives (decision 180): a host to no donation, a charity to no pledge. */
  function assertEventsFor(owner: WebhookOwner, types: readonly WebhookEventType[] | undefined) {
    const allowed: readonly string[] = WEBHOOK_EVENT_TYPES_BY_OWNER[owner.type];
    const refused = (types ?? []).filter((type) => !allowed.includes(type));
    if (refused.length)
      throw AppError.validation(
        { event_types: INTEGRATION_MESSAGES.eventsNotForOwner },
        `${INTEGRATION_MESSAGES.eventsNotForOwner}: not ${refused.join(', ')}`,
      );
  }

  /** Refuses an address that resolves to a private one now (it is checked again before every attempt). */
  async function assertSendable(url: string) {
    try {
      await checkedAddress(new URL(url), { allowPrivate, resolve: options.resolve });
    } catch (error) {
      if (error instanceof RefusedAddressError)
        throw AppError.validation({ url: INTEGRATION_MESSAGES.urlRefused }, `${INTEGRATION_MESSAGES.urlRefused} (${error.message})`);
      throw error;
    }
  }

  return {
    async list(owner: WebhookOwner) {
      const rows = await repo.endpointsOf(db, owner);
      const now = ctx.clock.now();
      return rows.map((row) => endpointView(row, now));
    },

    async create(owner: WebhookOwner, input: WebhookEndpointRequest) {
      assertEventsFor(owner, input.event_types);
      await assertSendable(input.url);
      const secret = newSigningSecret();
      const row = await repo.insert(db, {
        ownerType: owner.type,
        ownerId: owner.id,
        url: input.url,
        description: input.description,
        eventTypes: input.event_types,
        secret,
      });
      return { endpoint: endpointView(row, ctx.clock.now()), secret };
    },

    async update(owner: WebhookOwner, id: string, input: { event_types?: WebhookEventType[]; description?: string; enabled?: boolean }) {
      const row = await ownedEndpoint(owner, id);
      assertEventsFor(owner, input.event_types);
      const changes: Partial<EndpointRow> = {};
      if (input.event_types) changes.eventTypes = input.event_types;
      if (input.description !== undefined) changes.description = input.description;
      if (input.enabled === true) Object.assign(changes, { disabledAt: null, disabledReason: null, failingSince: null });
      if (input.enabled === false && !row.disabledAt) Object.assign(changes, { disabledAt: ctx.clock.now(), disabledReason: 'Turned off by its owner' });
      const updated = Object.keys(changes).length ? await repo.update(db, id, changes) : row;
      return endpointView(updated, ctx.clock.now());
    },

    async remove(owner: WebhookOwner, id: string) {
      await ownedEndpoint(owner, id);
      await repo.remove(db, id);
    },

    /** A new secret; the old one keeps signing (as a second v1) for 24 hours. */
    async rotate(owner: WebhookOwner, id: string) {
      const row = await ownedEndpoint(owner, id);
      const secret = newSigningSecret();
      const now = ctx.clock.now();
      const updated = await repo.update(db, id, {
        secret,
        previousSecret: row.secret,
        previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      });
      return { endpoint: endpointView(updated, now), secret };
    },

    /** Queues a test event for this endpoint alone. */
    async sendTest(owner: WebhookOwner, id: string) {
      const row = await ownedEndpoint(owner, id);
      if (row.disabledAt) throw AppError.conflict('CONFLICT', 'Turn the endpoint on before sending it a test event');
      const event = await repo.insertEvent(db, {
        id: randomUUID(),
        type: 'webhook.test',
        ownerType: owner.type,
        ownerId: owner.id,
        subjectId: id,
        endpointId: id,
        createdAt: ctx.clock.now(),
      });
      ctx.jobs.enqueue(WEBHOOK_QUEUE, {});
      return event.id;
    },

    /**
     * "Send again": the delivery is due now, whatever it did before (a delivered one is sent once
     * more), with a new 3-day window of retries counted from now.
     */
    async redeliver(owner: WebhookOwner, endpointId: string, deliveryId: string) {
      const row = await ownedEndpoint(owner, endpointId);
      if (row.disabledAt) throw AppError.conflict('CONFLICT', 'Turn the endpoint on before sending again');
      const updated = await repo.requeue(db, endpointId, deliveryId, ctx.clock.now());
      if (!updated) throw AppError.notFound(INTEGRATION_MESSAGES.deliveryNotFound);
      ctx.jobs.enqueue(WEBHOOK_QUEUE, {});
      return updated.id;
    },

    /** The endpoint's newest deliveries, each with its attempts. */
    async deliveries(owner: WebhookOwner, endpointId: string, limit = 50): Promise<WebhookDelivery[]> {
      await ownedEndpoint(owner, endpointId);
      const rows = await repo.newestDeliveries(db, endpointId, limit);
      const attempts = await repo.attemptsOf(
        db,
        rows.map((row) => row.delivery.id),
      );
      return rows.map(({ delivery: row, type }) => ({
        id: row.id,
        event_id: row.eventId,
        event_type: type,
        status: row.status,
        attempts: row.attempts,
        next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
        created_at: row.createdAt.toISOString(),
        log: attempts.filter((attempt) => attempt.deliveryId === row.id).map(attemptView),
      }));
    },

    dispatch: delivery.dispatch,
    deliverDue: delivery.deliverDue,
    run: delivery.run,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
