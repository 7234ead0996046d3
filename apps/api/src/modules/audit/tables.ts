import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every admin action (who, what, when, why, before and after). Append-only: the database refuses changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Kept as text so the log outlives a deleted account. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull().default(''),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('audit_log_created').on(table.createdAt), index('audit_log_target').on(table.targetType, table.targetId)],
);
