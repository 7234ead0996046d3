import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id } from '../../db/columns.ts';
import { events, ledgerTransactions, pledges } from '../../db/schema.ts';

/**
 * Disputes (chargebacks) of charged pledges, donations and monthly gifts' months, one row per provider dispute (decision 093). The money
 * is in the ledger (`dispute_opened`, `dispute_won`); this row says where the dispute stands and
 * how its amount was shared, so the admin console can list it.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    provider: text('provider').notNull(),
    /** The provider's dispute (`dp_…`): a dispute is booked once however often it is reported. */
    providerDisputeRef: text('provider_dispute_ref').notNull(),
    chargeRef: text('charge_ref').notNull(),
    /** The pledge, the donation or the monthly gift's month whose charge is disputed: one of the three. */
    pledgeId: uuid('pledge_id').references(() => pledges.id),
    // Its foreign key to charity_donations is written in migration 0030, not modelled here: a
    // module's tables import no other module's (the donations module owns that table).
    donationId: uuid('donation_id'),
    // A month's charge of a monthly gift; its foreign key to monthly_gift_charges is written by
    // hand in the migration that adds it (that table is the monthly-giving module's).
    monthlyChargeId: uuid('monthly_charge_id'),
    /** The pledge's campaign; none for a donation. */
    eventId: uuid('event_id').references(() => events.id),
    status: text('status', { enum: ['open', 'won', 'lost'] })
      .notNull()
      .default('open'),
    reason: text('reason').notNull(),
    amountCents: cents('amount_cents').notNull(),
    feeCents: cents('fee_cents').notNull(),
    /** Taken from the charity's payable, and borne by the platform (tip, fees, what was paid out). */
    charityShareCents: cents('charity_share_cents').notNull(),
    platformShareCents: cents('platform_share_cents').notNull(),
    openedTransactionId: uuid('opened_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('disputes_provider_ref_unique').on(table.provider, table.providerDisputeRef),
    index('disputes_status_created').on(table.status, table.createdAt),
    check('disputes_one_disputed_charge', sql`num_nonnulls(${table.pledgeId}, ${table.donationId}, ${table.monthlyChargeId}) = 1`),
  ],
);
