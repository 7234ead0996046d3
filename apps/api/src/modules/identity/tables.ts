import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';
import { users } from '../../db/schema.ts';

/** One attempt to verify a user's identity with the identity provider. */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull().unique(),
    status: text('status', { enum: ['open', 'processing', 'verified', 'failed'] })
      .notNull()
      .default('open'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('identity_sessions_user').on(table.userId, table.createdAt)],
);

/** Provider callbacks already handled: a repeated delivery changes nothing. */
export const identityWebhookEvents = pgTable('identity_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
