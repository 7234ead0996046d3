import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { disputeFacts, type PaymentProviderEvent } from './stripe-events.ts';
import { sandboxCharges, sandboxDisputes, sandboxEvents } from './tables.ts';

/** What Stripe charges per dispute in the US ($15.00), returned when the dispute is won. */
export const SANDBOX_DISPUTE_FEE_CENTS = 1_500;

type ChargeRow = typeof sandboxCharges.$inferSelect;
type DisputeRow = typeof sandboxDisputes.$inferSelect;
export type SandboxDisputeOutcome = 'won' | 'lost';

const newRef = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The dispute as Stripe's `dispute` object shows it, with the balance transactions of its money. */
function disputeObject(row: DisputeRow) {
  const withdrawal = { amount: -row.amountCents, fee: row.feeCents };
  const reinstatement = { amount: row.amountCents, fee: -row.feeCents };
  return {
    id: row.id,
    object: 'dispute',
    amount: row.amountCents,
    currency: 'usd',
    charge: row.chargeId,
    payment_intent: null,
    reason: row.reason,
    status: row.status,
    balance_transactions: row.status === 'won' ? [withdrawal, reinstatement] : [withdrawal],
  };
}

export interface SandboxDisputes {
  /**
   * A donor's bank disputes a succeeded charge later (weeks after it, a transfer to the charity
   * made meanwhile), for all of it or `amountCents`; once per charge. Null when the charge is not
   * succeeded or is disputed already.
   */
  openOn(chargeRef: string, amountCents?: number): Promise<string | null>;
  /** Decides an open dispute, as the card network would; its event then goes to the app. */
  close(disputeRef: string, outcome: SandboxDisputeOutcome): Promise<boolean>;
  /** Events not delivered yet, oldest first, in the shape a verified Stripe webhook gives. */
  undelivered(): Promise<PaymentProviderEvent[]>;
  markDelivered(eventId: string): Promise<void>;
  /** Called after a new event is written: the app delivers it (a job), as Stripe would call the webhook. */
  onEvent(listener: () => void): void;
}

/** The sandbox's disputes: opened on every successful charge of the 0259 card, decided by `close`. */
export function createSandboxDisputes(db: Db) {
  const listeners: Array<() => void> = [];

  async function writeEvent(type: 'charge.dispute.created' | 'charge.dispute.closed', row: DisputeRow) {
    await db.insert(sandboxEvents).values({ id: newRef('evt_sbx'), type, objectId: row.id, payload: disputeObject(row) });
    for (const listener of listeners) listener();
  }

  const disputes: SandboxDisputes & { openIfDisputeCard(charge: ChargeRow): Promise<void> } = {
    /**
     * Disputes a successful charge of the 0259 card (marked `will_dispute` when it was made), once
     * per charge. Also called when a charge is replayed by its idempotency key, so a crash between
     * the charge and its dispute loses neither.
     */
    async openIfDisputeCard(charge) {
      if (charge.status !== 'succeeded' || !charge.willDispute) return;
      const [row] = await db
        .insert(sandboxDisputes)
        .values({ id: newRef('dp_sbx'), chargeId: charge.id, amountCents: charge.amountCents, feeCents: SANDBOX_DISPUTE_FEE_CENTS })
        .onConflictDoNothing({ target: sandboxDisputes.chargeId })
        .returning();
      if (row) await writeEvent('charge.dispute.created', row);
    },

    async openOn(chargeRef, amountCents) {
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeRef)).limit(1);
      if (charge?.status !== 'succeeded') return null;
      const amount = Math.min(amountCents ?? charge.amountCents, charge.amountCents);
      const [row] = await db
        .insert(sandboxDisputes)
        .values({ id: newRef('dp_sbx'), chargeId: charge.id, amountCents: amount, feeCents: SANDBOX_DISPUTE_FEE_CENTS })
        .onConflictDoNothing({ target: sandboxDisputes.chargeId })
        .returning();
      if (!row) return null;
      await writeEvent('charge.dispute.created', row);
      return row.id;
    },

    async close(disputeRef, outcome) {
      const [row] = await db
        .update(sandboxDisputes)
        .set({ status: outcome, closedAt: new Date() })
        .where(and(eq(sandboxDisputes.id, disputeRef), eq(sandboxDisputes.status, 'needs_response')))
        .returning();
      if (!row) return false;
      await writeEvent('charge.dispute.closed', row);
      return true;
    },

    async undelivered() {
      const rows = await db.select().from(sandboxEvents).where(isNull(sandboxEvents.deliveredAt)).orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id));
      return rows.map((row) => {
        const type = row.type as 'charge.dispute.created' | 'charge.dispute.closed';
        return { id: row.id, type, occurredAt: row.createdAt, objectRef: row.objectId, facts: disputeFacts(type, row.payload) };
      });
    },

    async markDelivered(eventId) {
      await db.update(sandboxEvents).set({ deliveredAt: new Date() }).where(eq(sandboxEvents.id, eventId));
    },

    onEvent(listener) {
      listeners.push(listener);
    },
  };
  return disputes;
}
