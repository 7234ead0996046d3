import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id } from '../../db/columns.ts';
import { charities, ledgerTransactions, users } from '../../db/schema.ts';

/** Money passed on to a charity: marked sent by an admin with the bank or transfer reference. */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    charityId: uuid('charity_id')
      .notNull()
      .references(() => charities.id),
    amountCents: cents('amount_cents').notNull(),
    reference: text('reference').notNull(),
    paidOn: text('paid_on').notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('payouts_charity').on(table.charityId, table.createdAt)],
);
