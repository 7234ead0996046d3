import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { PaymentProviderEvent } from '../../providers/payments/index.ts';
import { paymentProviderEvents } from './tables.ts';

export type PaymentEventRow = typeof paymentProviderEvents.$inferSelect;

export const paymentEventsRepository = {
  /** Records an event once: false when this event id was already recorded (a repeated delivery). */
  async recordOnce(db: Executor, provider: string, event: PaymentProviderEvent & { facts: NonNullable<PaymentProviderEvent['facts']> }): Promise<boolean> {
    const { facts } = event;
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
