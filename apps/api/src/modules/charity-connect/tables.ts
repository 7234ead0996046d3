import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, updatedAt } from '../../db/columns.ts';
import { charities, events, ledgerTransactions, pledges } from '../../db/schema.ts';

/**
 * A charity's connected account at the payment provider (decision 130): one per charity. Its state
 * is what the provider last reported (details submitted, payouts enabled, requirements due).
 */
export const charityConnectAccounts = pgTable('charity_connect_accounts', {
  charityId: uuid('charity_id')
    .primaryKey()
    .references(() => charities.id),
  provider: text('provider').notNull(),
  /** The provider's account (`acct_…`, `acct_sbx_…`). */
  accountRef: text('account_ref').notNull().unique(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  /** What the provider asks for before it pays the charity (`currently_due`, `past_due`). */
  requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
  /** The requirements last e-mailed about, so a repeated refresh tells nobody twice. */
  requirementsToldFor: jsonb('requirements_told_for').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every transfer of a charity's share to its connected account and every reversal of one
 * (decisions 130, 131): each one movement with its own idempotency key, claimed before the
 * provider is called like a charge attempt (decision 091), and posted once when made.
 */
export const charityTransfers = pgTable(
  'charity_transfers',
  {
    id: id(),
    kind: text('kind', { enum: ['transfer', 'reversal'] }).notNull(),
    charityId: uuid('charity_id')
      .notNull()
      .references(() => charities.id),
    /** The campaign whose charge it carried; null for a donation. */
    eventId: uuid('event_id').references(() => events.id),
    /** The pledge whose charge it carried; null for a donation (then `donation_id`). */
    pledgeId: uuid('pledge_id').references(() => pledges.id),
    donationId: uuid('donation_id'),
    /** The ledger transaction that made the charity's share payable (the charge, or the funding's settlement). */
    sourceTransactionId: uuid('source_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    /** The charge the money came from, as the app names it (`ch_sbx_…`, Stripe's `pi_…`): the transfer's `source_transaction`. */
    chargeRef: text('charge_ref').notNull(),
    /** A reversal: the transfer it reverses. */
    reversesId: uuid('reverses_id'),
    /** The dispute that made a reversal, or a transfer made again after it was won. */
    disputeId: uuid('dispute_id'),
    amountCents: cents('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** `held`: the provider answered another amount (never booked, never sent again until looked up); `manual_review`: an admin's. */
    status: text('status', { enum: ['pending', 'made', 'held', 'manual_review'] })
      .notNull()
      .default('pending'),
    /** The provider's transfer (`tr_…`) or reversal (`trr_…`), once made. */
    providerRef: text('provider_ref'),
    /** The claimant's lease and the key's age (decision 091). */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    attemptFirstClaimedAt: timestamp('attempt_first_claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    madeAt: timestamp('made_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('charity_transfers_key_unique').on(table.idempotencyKey),
    index('charity_transfers_charity').on(table.charityId, table.createdAt),
    index('charity_transfers_pending')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    index('charity_transfers_source').on(table.sourceTransactionId),
    check('charity_transfers_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
