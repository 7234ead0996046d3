import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id } from '../../db/columns.ts';
import { events, users } from '../../db/schema.ts';

/**
 * A supporter's own fundraising page under a campaign (decision 110). One page per person and
 * campaign; the slug is the page's link and is unique across the site. Pledges made through it
 * carry its id (`pledges.fundraising_page_id`); the page itself holds no money.
 */
export const fundraisingPages = pgTable(
  'fundraising_pages',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    story: text('story').notNull(),
    /** An `/uploads/...` URL, or empty for none (listed in the upload sweep's references). */
    image: text('image').notNull().default(''),
    targetCents: cents('target_cents').notNull(),
    /** Set when the campaign's host (or an admin) hid the page: it leaves public lists and its link says so. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Set when its owner closed the page: it stays listed with its total, and takes no new pledges. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('fundraising_pages_slug_unique').on(table.slug),
    uniqueIndex('fundraising_pages_event_owner_unique').on(table.eventId, table.ownerId),
    index('fundraising_pages_owner').on(table.ownerId),
  ],
);
