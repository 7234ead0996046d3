import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id } from '../../db/columns.ts';
import { charities, users } from '../../db/schema.ts';

/** A one-off donation to a charity from the /charities dialog, charged at once. */
export const charityDonations = pgTable(
  'charity_donations',
  {
    id: id(),
    charityId: uuid('charity_id')
      .notNull()
      .references(() => charities.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    /** The donor agreed to share their e-mail with the charity (off by default, decision 136). */
    shareEmailWithCharity: boolean('share_email_with_charity').notNull().default(false),
    amountCents: cents('amount_cents').notNull(),
    cardFeeCents: cents('card_fee_cents'),
    status: text('status', { enum: ['charged', 'failed'] }).notNull(),
    failureReason: text('failure_reason'),
    providerChargeRef: text('provider_charge_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('charity_donations_idempotency_unique').on(table.idempotencyKey)],
);
