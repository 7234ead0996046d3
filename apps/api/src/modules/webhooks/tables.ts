import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

/**
 * Who owns an endpoint (decisions 146, 181). `host`: a user, for the campaigns they host (`owner_id`
 * is the user). `charity`: a charity, managed by its representatives (`owner_id` is the charity).
 * The triggers (migrations 0038, 0039) record each event for its owners; delivery never looks at the type.
 */
export const WEBHOOK_OWNER_TYPES = ['host', 'charity'] as const;

/** An address a host registered to receive signed events about their campaigns. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    ownerType: text('owner_type', { enum: WEBHOOK_OWNER_TYPES }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    /** HMAC key of the signature; shown to the owner once, when made or rotated. */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signed with until `previous_secret_expires_at`. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** The first failed attempt since the last success: 3 days of failures disable the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_endpoints_owner').on(table.ownerType, table.ownerId)],
);

/**
 * The outbox (decision 145): one row per thing that happened, written by a trigger in the same
 * transaction as the change itself (migration 0033), so no committed change is ever missed and no
 * rolled-back one is ever sent. `envelope` is written once, when the event is first dispatched.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    type: text('type').notNull(),
    ownerType: text('owner_type', { enum: WEBHOOK_OWNER_TYPES }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    /** The pledge or campaign the event is about. */
    subjectId: uuid('subject_id').notNull(),
    /** A test event is for this endpoint only. */
    endpointId: uuid('endpoint_id'),
    envelope: jsonb('envelope'),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_events_undispatched')
      .on(table.createdAt)
      .where(sql`${table.dispatchedAt} is null`),
  ],
);

/** One event for one endpoint: unique, so it is delivered once per endpoint whichever instance dispatches it. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due; while one is in flight, the end of its claim. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When it was queued (again, after "send again"): its retries stop 3 days later. */
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_once').on(table.eventId, table.endpointId),
    index('webhook_deliveries_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint').on(table.endpointId, table.createdAt),
  ],
);

/** The delivery log: every attempt, its answer's status, duration and first 1 KB. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    response: text('response').notNull(),
  },
  (table) => [index('webhook_attempts_delivery').on(table.deliveryId, table.at)],
);
