import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MONTHLY_CHARGE_STATUSES, MONTHLY_GIFT_STATUSES } from '@pledgeway/domain/schemas/monthly-giving';
import { cents, createdAt, id, updatedAt } from '../../db/columns.ts';
import { charities, paymentMethods, users } from '../../db/schema.ts';

/**
 * A supporter's monthly gift to a charity (decision 140): charged on `charge_day` each month on a
 * saved card. `next_charge_at` is the next period's charge date; the schedule creates that
 * period's charge once it is due. One running gift per supporter and charity.
 */
export const monthlyGifts = pgTable(
  'monthly_gifts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    charityId: uuid('charity_id')
      .notNull()
      .references(() => charities.id),
    amountCents: cents('amount_cents').notNull(),
    tipCents: cents('tip_cents').notNull().default(0),
    /** The donor agreed to share their e-mail with the charity (off by default, decision 136); changeable in My Giving. */
    shareEmailWithCharity: boolean('share_email_with_charity').notNull().default(false),
    paymentMethodId: uuid('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    chargeDay: smallint('charge_day').notNull(),
    status: text('status', { enum: MONTHLY_GIFT_STATUSES }).notNull().default('active'),
    /** The next period ("YYYY-MM") to charge, due at `next_charge_at`. */
    nextPeriod: text('next_period').notNull(),
    /**
     * When the next period is charged: midnight UTC of its charge day (the sandbox's test hook may
     * bring it forward, the period stays); null while cancelled or paused after declines.
     */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('monthly_gifts_one_running')
      .on(table.userId, table.charityId)
      .where(sql`${table.status} <> 'cancelled'`),
    index('monthly_gifts_due')
      .on(table.nextChargeAt)
      .where(sql`${table.status} in ('active', 'paused')`),
  ],
);

/**
 * One period's charge of a gift: created once per gift and period (the unique index), claimed
 * under its row lock before the provider is called (decision 091), each attempt with its own
 * provider key `recurring:{gift}:{period}:{attempt}`, booked once under `recurring:{gift}:{period}`.
 */
export const monthlyGiftCharges = pgTable(
  'monthly_gift_charges',
  {
    id: id(),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => monthlyGifts.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    tipCents: cents('tip_cents').notNull(),
    status: text('status', { enum: MONTHLY_CHARGE_STATUSES }).notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    /** The card the attempt in flight (or the last one) was sent with. */
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    attemptFirstClaimedAt: timestamp('attempt_first_claimed_at', { withTimezone: true }),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    providerChargeRef: text('provider_charge_ref'),
    cardFeeCents: cents('card_fee_cents'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('monthly_gift_charges_period').on(table.giftId, table.period),
    index('monthly_gift_charges_to_try')
      .on(table.nextRetryAt)
      .where(sql`${table.status} in ('pending', 'failed')`),
    index('monthly_gift_charges_provider_ref').on(table.providerChargeRef),
  ],
);
