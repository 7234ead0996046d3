import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { charities, users } from '../../db/schema.ts';

/** A one-off donation to a charity from the /charities dialog, charged at once. */
export const charityDonations = pgTable(
  'charity_donations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    charityId: uuid('charity_id')
      .notNull()
      .references(() => charities.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    cardFeeCents: bigint('card_fee_cents', { mode: 'number' }),
    status: text('status', { enum: ['charged', 'failed'] }).notNull(),
    failureReason: text('failure_reason'),
    providerChargeRef: text('provider_charge_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('charity_donations_idempotency_unique').on(table.idempotencyKey)],
);
