import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id } from '../../db/columns.ts';
import { events, participants, paymentMethods, pledges, users } from '../../db/schema.ts';

/**
 * A sponsor's match on a campaign (decision 109): its terms, offered until the campaign's charge.
 * Once the matched pledges' outcomes are known its amount is fixed and it becomes a pledge of its
 * own (`pledge_id`, kind `match`), charged like any other; a match of $0 is `settled` with no pledge.
 */
export const pledgeMatches = pgTable(
  'pledge_matches',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    /** Null once the sponsor's account is deleted; the match and its pledge stay. */
    sponsorId: uuid('sponsor_id').references(() => users.id, { onDelete: 'set null' }),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    /** The name the sponsor chose to be shown under (a business's, say): never the account's. */
    sponsorName: text('sponsor_name').notNull(),
    /** Shown as "Anonymous" wherever the match is public, like an anonymous pledge. */
    anonymous: boolean('anonymous').notNull().default(false),
    ratio: integer('ratio').notNull(),
    capCents: cents('cap_cents').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** A runoff match covers this option only; null: the whole campaign. */
    participantId: uuid('participant_id').references(() => participants.id),
    status: text('status', { enum: ['offered', 'settled', 'released'] })
      .notNull()
      .default('offered'),
    pledgeId: uuid('pledge_id').references(() => pledges.id),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    // One match per sponsor per campaign: a double submit makes one offer.
    uniqueIndex('pledge_matches_event_sponsor_unique').on(table.eventId, table.sponsorId),
    uniqueIndex('pledge_matches_pledge_unique').on(table.pledgeId),
    index('pledge_matches_event_status').on(table.eventId, table.status),
    check('pledge_matches_ratio', sql`${table.ratio} in (1, 2)`),
    check('pledge_matches_cap_positive', sql`${table.capCents} > 0`),
  ],
);

/**
 * What a supporter's pledge recovered within the failed-charge window added to a settled match
 * (decision 109): a pledge of its own (kind `match`, charged like the first), for the difference
 * up to the cap. One per match and recovered pledge (unique), so a repeated recording adds nothing.
 */
export const matchTopUps = pgTable(
  'match_top_ups',
  {
    id: id(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => pledgeMatches.id),
    /** The supporter's pledge that was charged after the match was fixed. */
    recoveredPledgeId: uuid('recovered_pledge_id')
      .notNull()
      .references(() => pledges.id),
    /** The sponsor's pledge that charges the difference. */
    pledgeId: uuid('pledge_id')
      .notNull()
      .references(() => pledges.id),
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('match_top_ups_match_recovered_unique').on(table.matchId, table.recoveredPledgeId),
    uniqueIndex('match_top_ups_pledge_unique').on(table.pledgeId),
    check('match_top_ups_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
