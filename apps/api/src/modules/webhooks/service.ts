import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INTEGRATION_MESSAGES, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointRequest, type WebhookEventType } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { events, pledges, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { supporterAsShown } from '../exports/shown.ts';
import { fundraisingPages } from '../fundraising-pages/tables.ts';
import { checkedAddress, RefusedAddressError, type Resolver } from './address-guard.ts';
import { postOnce } from './post.ts';
import { newSigningSecret, SIGNATURE_HEADER, signatureHeader } from './signature.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents, WEBHOOK_OWNER_TYPES } from './tables.ts';

export type WebhookOwner = { type: (typeof WEBHOOK_OWNER_TYPES)[number]; id: string };

export const WEBHOOK_QUEUE = 'webhooks-deliver';
/** The envelope's version: a receiver can tell a later shape apart (decision 145). */
export const ENVELOPE_VERSION = 1;
/** An event is tried for 3 days; an endpoint failing for 3 days is disabled and its owner told. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3600_000;
/** While an attempt is in flight, its delivery is not claimed again for this long. */
const CLAIM_MS = 60_000;
const BATCH = 20;
/** A rotated secret still signs (as a second v1) for 24 hours. */
const ROTATION_OVERLAP_MS = 24 * 3600_000;

/** Minutes to wait after failed attempt `n` (1-based): 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h, until 3 days. */
export function backoffMs(attempts: number): number {
  const steps = [1, 5, 30, 120, 300];
  return (steps[attempts - 1] ?? 600) * 60_000;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

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

/** The secrets a delivery is signed with now: the current one, and the previous one during its 24 hours. */
function signingSecrets(row: EndpointRow, now: Date): string[] {
  const secrets = [row.secret];
  if (row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now) secrets.push(row.previousSecret);
  return secrets;
}

/** The `data` of an event about a pledge: what the host may see of it (decision 149). */
async function pledgeData(db: Executor, pledgeId: string) {
  const page = alias(fundraisingPages, 'page');
  const [row] = await db
    .select({
      pledge: pledges,
      accountName: users.name,
      accountEmail: users.email,
      campaignName: events.name,
      pageSlug: page.slug,
      pageTitle: page.title,
    })
    .from(pledges)
    .innerJoin(events, eq(events.id, pledges.eventId))
    .leftJoin(users, eq(users.id, pledges.userId))
    .leftJoin(page, eq(page.id, pledges.fundraisingPageId))
    .where(eq(pledges.id, pledgeId))
    .limit(1);
  if (!row) return null;
  const { pledge } = row;
  return {
    object: 'pledge',
    id: pledge.id,
    campaign: { id: pledge.eventId, name: row.campaignName },
    amount_cents: pledge.amountCents,
    charged_cents: pledge.chargedCents,
    currency: 'usd',
    status: pledge.status,
    kind: pledge.kind,
    supporter: supporterAsShown({
      anonymous: pledge.anonymous,
      displayName: pledge.displayName,
      accountName: row.accountName,
      accountEmail: row.accountEmail,
      shareEmailWithHost: pledge.shareEmailWithHost,
    }),
    message: pledge.message,
    fundraising_page: row.pageSlug ? { slug: row.pageSlug, title: row.pageTitle } : null,
    created_at: pledge.createdAt.toISOString(),
    charged_at: pledge.chargedAt?.toISOString() ?? null,
    failure_reason: pledge.status === 'failed' ? pledge.failureReason : null,
  };
}

async function campaignData(db: Executor, campaignId: string, publicUrl: string) {
  const [row] = await db.select().from(events).where(eq(events.id, campaignId)).limit(1);
  if (!row) return null;
  return {
    object: 'campaign',
    id: row.id,
    name: row.name,
    kind: row.kind,
    status: row.status,
    target_cents: row.targetCents,
    currency: 'usd',
    url: `${publicUrl}/events/${row.id}`,
    completed_at: row.completedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
  };
}

export function createWebhooksService(ctx: AppContext, options: { resolve?: Resolver } = {}) {
  const { db } = ctx;
  const allowPrivate = ctx.config.webhooksAllowPrivateAddresses;

  async function ownedEndpoint(owner: WebhookOwner, id: string): Promise<EndpointRow> {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerType, owner.type), eq(webhookEndpoints.ownerId, owner.id)))
      .limit(1);
    if (!row) throw AppError.notFound(INTEGRATION_MESSAGES.endpointNotFound);
    return row;
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

  /** The envelope of an event (decision 145), built once from what the event is about. */
  async function envelopeOf(tx: Executor, event: typeof webhookEvents.$inferSelect) {
    let data: unknown;
    if (event.type.startsWith('pledge.')) data = await pledgeData(tx, event.subjectId);
    else if (event.type.startsWith('campaign.')) data = await campaignData(tx, event.subjectId, ctx.config.publicUrl);
    else data = { object: 'test', message: 'A test event sent from Pledgeway. It is about nothing; answer 2xx to mark it delivered.' };
    return {
      id: event.id,
      type: event.type,
      version: ENVELOPE_VERSION,
      created: event.createdAt.toISOString(),
      ordering: 'Events may arrive in any order and more than once: use `id` to skip repeats and `created` to order them.',
      data,
    };
  }

  const service = {
    async list(owner: WebhookOwner) {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.ownerType, owner.type), eq(webhookEndpoints.ownerId, owner.id)))
        .orderBy(desc(webhookEndpoints.createdAt));
      const now = ctx.clock.now();
      return rows.map((row) => endpointView(row, now));
    },

    async create(owner: WebhookOwner, input: WebhookEndpointRequest) {
      await assertSendable(input.url);
      const secret = newSigningSecret();
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ ownerType: owner.type, ownerId: owner.id, url: input.url, description: input.description, eventTypes: input.event_types, secret })
        .returning();
      return { endpoint: endpointView(row!, ctx.clock.now()), secret };
    },

    async update(owner: WebhookOwner, id: string, input: { event_types?: WebhookEventType[]; description?: string; enabled?: boolean }) {
      const row = await ownedEndpoint(owner, id);
      const changes: Partial<EndpointRow> = {};
      if (input.event_types) changes.eventTypes = input.event_types;
      if (input.description !== undefined) changes.description = input.description;
      if (input.enabled === true) Object.assign(changes, { disabledAt: null, disabledReason: null, failingSince: null });
      if (input.enabled === false && !row.disabledAt) Object.assign(changes, { disabledAt: ctx.clock.now(), disabledReason: 'Turned off by its owner' });
      const [updated] = Object.keys(changes).length ? await db.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id)).returning() : [row];
      return endpointView(updated!, ctx.clock.now());
    },

    async remove(owner: WebhookOwner, id: string) {
      await ownedEndpoint(owner, id);
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    },

    /** A new secret; the old one keeps signing (as a second v1) for 24 hours. */
    async rotate(owner: WebhookOwner, id: string) {
      const row = await ownedEndpoint(owner, id);
      const secret = newSigningSecret();
      const now = ctx.clock.now();
      const [updated] = await db
        .update(webhookEndpoints)
        .set({ secret, previousSecret: row.secret, previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS) })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return { endpoint: endpointView(updated!, now), secret };
    },

    /** Queues a test event for this endpoint alone. */
    async sendTest(owner: WebhookOwner, id: string) {
      const row = await ownedEndpoint(owner, id);
      if (row.disabledAt) throw AppError.conflict('CONFLICT', 'Turn the endpoint on before sending it a test event');
      const [event] = await db
        .insert(webhookEvents)
        .values({ id: randomUUID(), type: 'webhook.test', ownerType: owner.type, ownerId: owner.id, subjectId: id, endpointId: id, createdAt: ctx.clock.now() })
        .returning();
      ctx.jobs.enqueue(WEBHOOK_QUEUE, {});
      return event!.id;
    },

    /**
     * "Send again": the delivery is due now, whatever it did before (a delivered one is sent once
     * more), with a new 3-day window of retries counted from now.
     */
    async redeliver(owner: WebhookOwner, endpointId: string, deliveryId: string) {
      const row = await ownedEndpoint(owner, endpointId);
      if (row.disabledAt) throw AppError.conflict('CONFLICT', 'Turn the endpoint on before sending again');
      const [updated] = await db
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: ctx.clock.now(), deliveredAt: null, createdAt: ctx.clock.now() })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
        .returning({ id: webhookDeliveries.id });
      if (!updated) throw AppError.notFound(INTEGRATION_MESSAGES.deliveryNotFound);
      ctx.jobs.enqueue(WEBHOOK_QUEUE, {});
      return updated.id;
    },

    /** The endpoint's newest deliveries, each with its attempts. */
    async deliveries(owner: WebhookOwner, endpointId: string, limit = 50): Promise<WebhookDelivery[]> {
      await ownedEndpoint(owner, endpointId);
      const rows = await db
        .select({ delivery: webhookDeliveries, type: webhookEvents.type })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
      const attempts = rows.length
        ? await db
            .select()
            .from(webhookAttempts)
            .where(
              inArray(
                webhookAttempts.deliveryId,
                rows.map((row) => row.delivery.id),
              ),
            )
            .orderBy(asc(webhookAttempts.at))
        : [];
      return rows.map(({ delivery, type }) => ({
        id: delivery.id,
        event_id: delivery.eventId,
        event_type: type,
        status: delivery.status,
        attempts: delivery.attempts,
        next_attempt_at: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
        created_at: delivery.createdAt.toISOString(),
        log: attempts
          .filter((attempt) => attempt.deliveryId === delivery.id)
          .map((attempt) => ({
            at: attempt.at.toISOString(),
            status_code: attempt.statusCode,
            duration_ms: attempt.durationMs,
            response: attempt.response,
            ok: attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300,
          })),
      }));
    },

    /**
     * Gives each recorded event its envelope (once) and one delivery per subscribed, enabled endpoint
     * (unique per event and endpoint). Events are locked while dispatched, skipped by another instance.
     */
    async dispatch(): Promise<number> {
      return db.transaction(async (tx) => {
        const pending = await tx
          .select()
          .from(webhookEvents)
          .where(isNull(webhookEvents.dispatchedAt))
          .orderBy(asc(webhookEvents.createdAt))
          .limit(100)
          .for('update', { skipLocked: true });
        const now = ctx.clock.now();
        for (const event of pending) {
          const envelope = await envelopeOf(tx, event);
          const targets = await tx
            .select({ id: webhookEndpoints.id })
            .from(webhookEndpoints)
            .where(
              event.endpointId
                ? eq(webhookEndpoints.id, event.endpointId)
                : and(
                    eq(webhookEndpoints.ownerType, event.ownerType),
                    eq(webhookEndpoints.ownerId, event.ownerId),
                    isNull(webhookEndpoints.disabledAt),
                    sql`${event.type} = any(${webhookEndpoints.eventTypes})`,
                  ),
            );
          if (envelope.data && targets.length) {
            await tx
              .insert(webhookDeliveries)
              .values(targets.map((target) => ({ eventId: event.id, endpointId: target.id, nextAttemptAt: now, createdAt: now })))
              .onConflictDoNothing();
          }
          await tx.update(webhookEvents).set({ envelope, dispatchedAt: now }).where(eq(webhookEvents.id, event.id));
        }
        return pending.length;
      });
    },

    /** Sends every due delivery once; returns how many were attempted. */
    async deliverDue(): Promise<number> {
      const now = ctx.clock.now();
      // Claimed in one statement (locked rows skipped): two instances never send the same delivery at once.
      const claimed = await db
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
        .where(
          inArray(
            webhookDeliveries.id,
            db
              .select({ id: webhookDeliveries.id })
              .from(webhookDeliveries)
              .where(and(eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.nextAttemptAt} <= ${now.toISOString()}`))
              .orderBy(asc(webhookDeliveries.nextAttemptAt))
              .limit(BATCH)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
      await Promise.all(claimed.map((delivery) => attempt(delivery)));
      return claimed.length;
    },

    /** Dispatches and delivers until nothing is due (what the queue's job runs). */
    async run(): Promise<void> {
      while ((await service.dispatch()) > 0);
      while ((await service.deliverDue()) >= BATCH);
    },
  };

  async function attempt(delivery: typeof webhookDeliveries.$inferSelect) {
    const [row] = await db
      .select({ endpoint: webhookEndpoints, event: webhookEvents })
      .from(webhookEndpoints)
      .innerJoin(webhookEvents, eq(webhookEvents.id, delivery.eventId))
      .where(eq(webhookEndpoints.id, delivery.endpointId))
      .limit(1);
    if (!row) return;
    const { endpoint, event } = row;
    const started = ctx.clock.now();
    const body = JSON.stringify(event.envelope);
    const result = endpoint.disabledAt
      ? { statusCode: null, durationMs: 0, response: 'Not sent: the endpoint is turned off', ok: false }
      : await postOnce(
          endpoint.url,
          body,
          {
            // Signed at the wall clock's time: the receiver compares it with its own.
            [SIGNATURE_HEADER]: signatureHeader(signingSecrets(endpoint, started), Math.floor(Date.now() / 1000), body),
            'pledgeway-event-id': event.id,
            'pledgeway-event-type': event.type,
          },
          { allowPrivate, resolve: options.resolve },
        );
    const now = ctx.clock.now();
    await db.transaction(async (tx) => {
      await tx
        .insert(webhookAttempts)
        .values({ deliveryId: delivery.id, at: started, statusCode: result.statusCode, durationMs: result.durationMs, response: result.response });
      // Only the claim this attempt holds is settled: a newer claim (after a lapsed one) is left alone.
      const settled = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts), eq(webhookDeliveries.status, 'pending'));
      if (result.ok) {
        await tx.update(webhookDeliveries).set({ status: 'delivered', deliveredAt: now }).where(settled);
        await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
        return;
      }
      // The last attempt is made 3 days after the delivery was queued, then it is given up.
      const deadline = delivery.createdAt.getTime() + GIVE_UP_AFTER_MS;
      const next = new Date(Math.min(now.getTime() + backoffMs(delivery.attempts), deadline));
      const givenUp = endpoint.disabledAt !== null || now.getTime() >= deadline;
      await tx
        .update(webhookDeliveries)
        .set(givenUp ? { status: 'failed', nextAttemptAt: now } : { nextAttemptAt: next })
        .where(settled);
      if (endpoint.disabledAt) return;
      // The endpoint's failing streak, kept under its row lock so two instances agree on when it began.
      const [locked] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).for('update');
      if (!locked || locked.disabledAt) return;
      const failingSince = locked.failingSince ?? started;
      if (now.getTime() - failingSince.getTime() < GIVE_UP_AFTER_MS) {
        if (!locked.failingSince) await tx.update(webhookEndpoints).set({ failingSince }).where(eq(webhookEndpoints.id, endpoint.id));
        return;
      }
      await tx
        .update(webhookEndpoints)
        .set({ disabledAt: now, disabledReason: 'Turned off after failing for 3 days' })
        .where(eq(webhookEndpoints.id, endpoint.id));
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed' })
        .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
      await mailOwner(tx, locked);
    });
  }

  async function mailOwner(tx: Executor, endpoint: EndpointRow) {
    if (endpoint.ownerType !== 'host') return;
    const [owner] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, endpoint.ownerId)).limit(1);
    if (!owner) return;
    await ctx.mailer.send(
      {
        to: owner.email,
        kind: 'webhook-endpoint-disabled',
        subject: 'Your webhook endpoint was turned off',
        text: [
          `Hello ${owner.name},`,
          '',
          `Pledgeway could not deliver events to ${endpoint.url} for 3 days, so the endpoint is now turned off and no more events are sent to it.`,
          `Its delivery log shows each attempt and what your server answered: ${ctx.config.publicUrl}/developers`,
          'Once it answers again, turn it back on there; events of the last 3 days can be sent again from the log.',
        ].join('\n'),
      },
      tx,
    );
  }

  return service;
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
