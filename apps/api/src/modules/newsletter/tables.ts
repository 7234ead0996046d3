import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

/** A newsletter reader: confirmed once they open the link e-mailed to them (double opt-in). */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: id(),
  email: text('email').notNull().unique(),
  confirmTokenHash: text('confirm_token_hash').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});
