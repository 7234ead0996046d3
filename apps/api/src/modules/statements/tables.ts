import { integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

/**
 * The January e-mail of a year's giving statement (decision 138): one row per supporter and year,
 * inserted in the same transaction as the e-mail's outbox row. Its primary key is what makes the
 * mail go out once under any number of job runs and instances.
 */
export const statementMailings = pgTable(
  'statement_mailings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.year] })],
);
