import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { PaymentProviderEvent } from '../../providers/payments/index.ts';
import { paymentProviderEvents } from './tables.ts';

export type PaymentEventRow = typeof paymentProviderEvents.$inferSelect;

export const paymentEventsRepository = {
  /**
   * Records an event once: false when this event id was already recorded (a repeated delivery).
   * Events of types the app does not act on are recorded too, by id, type and object.
   */
  async recordOnce(db: Executor, provider: string, event: PaymentProviderEvent): Promise<boolean> {
    const facts = event.facts ?? {
      type: event.type,
      objectRef: event.objectRef,
      paymentIntentRef: null,
      customerRef: null,
      methodRef: null,
      amountCents: null,
      failureCode: null,
      failureMessage: null,
    };
    const inserted = await db
      .insert(paymentProviderEvents)
      .values({
        id: event.id,
        provider,
        type: facts.type,
        objectRef: facts.objectRef,
        paymentIntentRef: facts.paymentIntentRef,
        customerRef: facts.customerRef,
        methodRef: facts.methodRef,
        amountCents: facts.amountCents,
        failureCode: facts.failureCode,
        failureMessage: facts.failureMessage,
        occurredAt: event.occurredAt,
      })
      .onConflictDoNothing({ target: paymentProviderEvents.id })
      .returning({ id: paymentProviderEvents.id });
    return inserted.length > 0;
  },

  /** Everything the provider reported about one payment, oldest first (reconciliation). */
  forPaymentIntent(db: Executor, paymentIntentRef: string): Promise<PaymentEventRow[]> {
    return db
      .select()
      .from(paymentProviderEvents)
      .where(eq(paymentProviderEvents.paymentIntentRef, paymentIntentRef))
      .orderBy(asc(paymentProviderEvents.occurredAt));
  },
};
