import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CARD_BEHAVIOURS } from './sandbox-test-cards.ts';

/**
 * The sandbox payment provider's own records (docs/architecture.md#providers). They stand where Stripe's
 * servers would: the app's tables refer to them only by reference (`cus_sbx_…`, `card_sbx_…`,
 * `ch_sbx_…`). No card number or CVV is ever stored, only what a real provider would show back.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'number' });

export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  createdAt: createdAt(),
});

export const sandboxCards = pgTable(
  'sandbox_cards',
  {
    id: text('id').primaryKey(),
    /** Single-use token handed to the browser by the hosted card form. */
    token: text('token').notNull(),
    tokenUsedAt: timestamp('token_used_at', { withTimezone: true }),
    customerId: text('customer_id').references(() => sandboxCustomers.id),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    /** What the card does when charged, decided from the test number when it was entered. */
    behaviour: text('behaviour', { enum: CARD_BEHAVIOURS }).notNull().default('succeed'),
    /** A card typed into the form, the sandbox wallet's card, or the sandbox cash app (no card: brand and last4 empty). */
    kind: text('kind', { enum: ['card', 'wallet', 'cashapp'] })
      .notNull()
      .default('card'),
    cashtag: text('cashtag'),
    detachedAt: timestamp('detached_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sandbox_cards_token_unique').on(table.token), index('sandbox_cards_customer').on(table.customerId)],
);

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    customerId: text('customer_id').notNull(),
    cardId: text('card_id').notNull(),
    amountCents: cents('amount_cents').notNull(),
    feeCents: cents('fee_cents').notNull().default(0),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    failureCode: text('failure_code'),
    refundedCents: cents('refunded_cents').notNull().default(0),
    /** Stripe's dispute test card (0259): this charge succeeds and is then disputed (sandbox-test-cards.ts). */
    willDispute: boolean('will_dispute').notNull().default(false),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sandbox_charges_idempotency_unique').on(table.idempotencyKey), index('sandbox_charges_customer').on(table.customerId)],
);

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => sandboxCharges.id),
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sandbox_refunds_idempotency_unique').on(table.idempotencyKey)],
);

/** Disputes the sandbox opened on its charges (the 0259 card), decided later by a sandbox action. */
export const sandboxDisputes = pgTable('sandbox_disputes', {
  id: text('id').primaryKey(),
  chargeId: text('charge_id')
    .notNull()
    .unique()
    .references(() => sandboxCharges.id),
  amountCents: cents('amount_cents').notNull(),
  feeCents: cents('fee_cents').notNull(),
  status: text('status', { enum: ['needs_response', 'won', 'lost'] })
    .notNull()
    .default('needs_response'),
  reason: text('reason').notNull().default('fraudulent'),
  createdAt: createdAt(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
});

/**
 * The sandbox's webhook-style events (`evt_sbx_…`), in the order they happened, until delivered to
 * the app's payment-events service: the same path a Stripe webhook takes.
 */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    objectId: text('object_id').notNull(),
    /** The event's object as Stripe would send it (a `dispute`). */
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('sandbox_events_undelivered')
      .on(table.createdAt)
      .where(sql`${table.deliveredAt} is null`),
  ],
);

/** The sandbox's connected accounts of charities (Stripe Connect's stand-in, decision 130). */
export const sandboxConnectedAccounts = pgTable('sandbox_connected_accounts', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  businessName: text('business_name').notNull(),
  email: text('email'),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  requirementsDue: jsonb('requirements_due').$type<string[]>().notNull(),
  /** The last four digits of the bank account the simulated onboarding took. */
  bankLast4: text('bank_last4'),
  createdAt: createdAt(),
});

/** The sandbox's transfers to connected accounts, each tied to the charge it carries. */
export const sandboxTransfers = pgTable('sandbox_transfers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  destination: text('destination')
    .notNull()
    .references(() => sandboxConnectedAccounts.id),
  amountCents: cents('amount_cents').notNull(),
  amountReversedCents: cents('amount_reversed_cents').notNull().default(0),
  sourceCharge: text('source_charge')
    .notNull()
    .references(() => sandboxCharges.id),
  transferGroup: text('transfer_group'),
  createdAt: createdAt(),
});

export const sandboxTransferReversals = pgTable('sandbox_transfer_reversals', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  transferId: text('transfer_id')
    .notNull()
    .references(() => sandboxTransfers.id),
  amountCents: cents('amount_cents').notNull(),
  createdAt: createdAt(),
});

/** Payouts from a connected account's balance to the charity's bank. */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => sandboxConnectedAccounts.id),
  amountCents: cents('amount_cents').notNull(),
  bankLast4: text('bank_last4').notNull(),
  createdAt: createdAt(),
});
