import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';
import { events, pledges, users } from '../../db/schema.ts';

/**
 * Third-Party Promotion: one person's request to promote one campaign they do not host, and the
 * host's answer. One row per person and campaign, whatever the answer: a declined or ended
 * promotion is not asked again.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'ended'] })
      .notNull()
      .default('pending'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('promotions_event_promoter_unique').on(table.eventId, table.promoterId), index('promotions_promoter').on(table.promoterId)],
);

/** A pledge made through a promotion's link. Written with the pledge; kept when the promotion ends. */
export const promotionPledges = pgTable(
  'promotion_pledges',
  {
    pledgeId: uuid('pledge_id')
      .primaryKey()
      .references(() => pledges.id, { onDelete: 'cascade' }),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('promotion_pledges_promotion').on(table.promotionId)],
);
