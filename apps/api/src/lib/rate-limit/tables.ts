import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts per client and route in the current window (log-in, register, refresh, password reset,
 * newsletter). Kept in the database so every instance behind a load balancer counts together.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
