import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, pledges, users } from '../../db/schema.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents, WEBHOOK_OWNER_TYPES } from './tables.ts';

export type WebhookOwner = { type: (typeof WEBHOOK_OWNER_TYPES)[number]; id: string };
export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const ofOwner = (owner: WebhookOwner) => and(eq(webhookEndpoints.ownerType, owner.type), eq(webhookEndpoints.ownerId, owner.id));

/** SQL of an owner's endpoints, their events and their delivery log. */
export const endpointsRepository = {
  endpointsOf(db: Executor, owner: WebhookOwner): Promise<EndpointRow[]> {
    return db.select().from(webhookEndpoints).where(ofOwner(owner)).orderBy(desc(webhookEndpoints.createdAt));
  },

  async owned(db: Executor, owner: WebhookOwner, id: string): Promise<EndpointRow | undefined> {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), ofOwner(owner)))
      .limit(1);
    return row;
  },

  async insert(db: Executor, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
    const [row] = await db.insert(webhookEndpoints).values(values).returning();
    return row!;
  },

  async update(db: Executor, id: string, changes: Partial<EndpointRow>): Promise<EndpointRow> {
    const [row] = await db.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id)).returning();
    return row!;
  },

  async remove(db: Executor, id: string): Promise<void> {
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  },

  async insertEvent(db: Executor, values: typeof webhookEvents.$inferInsert): Promise<EventRow> {
    const [row] = await db.insert(webhookEvents).values(values).returning();
    return row!;
  },

  /** Makes the endpoint's delivery due now, queued anew; undefined when it is not this endpoint's. */
  async requeue(db: Executor, endpointId: string, deliveryId: string, now: Date): Promise<{ id: string } | undefined> {
    const [row] = await db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: now, deliveredAt: null, createdAt: now })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .returning({ id: webhookDeliveries.id });
    return row;
  },

  /** The endpoint's newest deliveries, each with its event's type. */
  newestDeliveries(db: Executor, endpointId: string, limit: number) {
    return db
      .select({ delivery: webhookDeliveries, type: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
  },

  async attemptsOf(db: Executor, deliveryIds: string[]) {
    if (!deliveryIds.length) return [];
    return db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveryIds)).orderBy(asc(webhookAttempts.at));
  },
};

/** SQL of the delivery worker: dispatching events, claiming due deliveries and settling attempts. */
export const deliveryRepository = {
  /** Events not yet dispatched, oldest first, locked (rows another instance holds are skipped). */
  lockUndispatched(tx: Executor, limit: number): Promise<EventRow[]> {
    return tx
      .select()
      .from(webhookEvents)
      .where(isNull(webhookEvents.dispatchedAt))
      .orderBy(asc(webhookEvents.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /** The endpoints an event goes to: a test event's own endpoint, or the owner's enabled endpoints subscribed to its type. */
  targetsOf(tx: Executor, event: EventRow): Promise<Array<{ id: string }>> {
    return tx
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
  },

  /** One delivery per endpoint; one that exists already (unique per event and endpoint) is left alone. */
  async insertDeliveries(tx: Executor, eventId: string, endpointIds: string[], now: Date): Promise<void> {
    await tx
      .insert(webhookDeliveries)
      .values(endpointIds.map((endpointId) => ({ eventId, endpointId, nextAttemptAt: now, createdAt: now })))
      .onConflictDoNothing();
  },

  async markDispatched(tx: Executor, eventId: string, envelope: unknown, now: Date): Promise<void> {
    await tx.update(webhookEvents).set({ envelope, dispatchedAt: now }).where(eq(webhookEvents.id, eventId));
  },

  /**
   * Claims up to `batch` due deliveries in one statement (locked rows skipped): each gets one more
   * attempt counted and is not due again until `claimUntil`.
   */
  claimDue(db: Executor, now: Date, claimUntil: Date, batch: number): Promise<DeliveryRow[]> {
    return db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: claimUntil })
      .where(
        inArray(
          webhookDeliveries.id,
          db
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(and(eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.nextAttemptAt} <= ${now.toISOString()}`))
            .orderBy(asc(webhookDeliveries.nextAttemptAt))
            .limit(batch)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
  },

  async endpointAndEvent(db: Executor, delivery: DeliveryRow): Promise<{ endpoint: EndpointRow; event: EventRow } | undefined> {
    const [row] = await db
      .select({ endpoint: webhookEndpoints, event: webhookEvents })
      .from(webhookEndpoints)
      .innerJoin(webhookEvents, eq(webhookEvents.id, delivery.eventId))
      .where(eq(webhookEndpoints.id, delivery.endpointId))
      .limit(1);
    return row;
  },

  async insertAttempt(tx: Executor, values: typeof webhookAttempts.$inferInsert): Promise<void> {
    await tx.insert(webhookAttempts).values(values);
  },

  /** Settles the claim this attempt holds only: a newer claim (after a lapsed one) is left alone. */
  async settle(tx: Executor, delivery: DeliveryRow, changes: Partial<DeliveryRow>): Promise<void> {
    await tx
      .update(webhookDeliveries)
      .set(changes)
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts), eq(webhookDeliveries.status, 'pending')));
  },

  async setEndpoint(tx: Executor, endpointId: string, changes: Partial<EndpointRow>): Promise<void> {
    await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, endpointId));
  },

  async lockEndpoint(tx: Executor, endpointId: string): Promise<EndpointRow | undefined> {
    const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).for('update');
    return row;
  },

  async failPending(tx: Executor, endpointId: string): Promise<void> {
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  },

  async ownerContact(tx: Executor, userId: string) {
    const [row] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    return row;
  },
};

/** SQL of what an event is about: the pledge or campaign its envelope describes. */
export const subjectsRepository = {
  async pledge(db: Executor, pledgeId: string) {
    const [row] = await db
      .select({ pledge: pledges, accountName: users.name, accountEmail: users.email, campaignName: events.name })
      .from(pledges)
      .innerJoin(events, eq(events.id, pledges.eventId))
      .leftJoin(users, eq(users.id, pledges.userId))
      .where(eq(pledges.id, pledgeId))
      .limit(1);
    return row;
  },
};
