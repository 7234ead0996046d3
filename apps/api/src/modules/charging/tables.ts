import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';
import { events, users } from '../../db/schema.ts';

/**
 * One charge run per completed campaign: every pledge is charged (or, for All or Nothing below
 * target, released) by a job of its own; the counters are derived from the pledges.
 */
export const chargeRuns = pgTable(
  'charge_runs',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    outcome: text('outcome', { enum: ['charge', 'release'] }).notNull(),
    status: text('status', { enum: ['held', 'running', 'finished'] })
      .notNull()
      .default('running'),
    /** `deadline`: started by the deadline job of a Money Bomb or Crowdfunding campaign (decision 068). */
    trigger: text('trigger', { enum: ['admin', 'deadline'] })
      .notNull()
      .default('admin'),
    total: integer('total').notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  // A campaign is charged once: a second request finds the first run.
  (table) => [uniqueIndex('charge_runs_event_unique').on(table.eventId)],
);

/**
 * An admin's hold on a crowdfunding campaign (decision 068): its deadline run is created `held`
 * and charges nothing until an admin releases it. One hold per campaign (the primary key).
 */
export const chargeHolds = pgTable('charge_holds', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  heldBy: uuid('held_by').references(() => users.id, { onDelete: 'set null' }),
  reason: text('reason').notNull().default(''),
  createdAt: createdAt(),
});

/**
 * The next free request slot of each payment provider account, shared by every instance: the
 * provider's rate limit is per account, not per process (docs/operations.md#scaling-out, decision 195).
 */
export const chargeRateSlots = pgTable('charge_rate_slots', {
  /** `sandbox`, or `stripe:` and a hash of the secret key (never the key itself). */
  account: text('account').primaryKey(),
  nextSlotAt: timestamp('next_slot_at', { withTimezone: true }).notNull(),
});
