import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { charities, ledgerTransactions, users } from '../../db/schema.ts';

/** Money passed on to a charity: marked sent by an admin with the bank or transfer reference. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    charityId: uuid('charity_id')
      .notNull()
      .references(() => charities.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    paidOn: text('paid_on').notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payouts_charity').on(table.charityId, table.createdAt)],
);
