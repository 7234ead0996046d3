import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cents } from '../../db/columns.ts';

/**
 * Payment events the provider sent to POST /api/payments/webhook, one row per event id, so a
 * repeated delivery changes nothing. They are a record for reconciliation (ledger:verify, support):
 * the charging code acts on the provider's synchronous answer, never on these rows.
 */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    /** The provider's event id (`evt_…`). */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    /** The event's object: `pi_…`, `seti_…`, `ch_…` or `cs_…`. */
    objectRef: text('object_ref').notNull(),
    paymentIntentRef: text('payment_intent_ref'),
    customerRef: text('customer_ref'),
    methodRef: text('method_ref'),
    /** Received (payment_intent.succeeded), attempted (payment_failed), refunded in all (charge.refunded), or the session's total. */
    amountCents: cents('amount_cents'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_provider_events_payment_intent').on(table.paymentIntentRef)],
);
