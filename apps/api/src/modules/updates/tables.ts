import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';
import { events, users } from '../../db/schema.ts';

/** A creator's message to the campaign's supporters, with at most one image or document. */
export const campaignUpdates = pgTable(
  'campaign_updates',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    attachmentKind: text('attachment_kind', { enum: ['image', 'document'] }),
    attachmentUrl: text('attachment_url'),
    attachmentName: text('attachment_name'),
    attachmentSize: integer('attachment_size'),
    createdAt: createdAt(),
  },
  (table) => [index('campaign_updates_event_created').on(table.eventId, table.createdAt)],
);

/** A supporter's short comment under an update; the creator may hide it (kept, not listed to others). */
export const updateComments = pgTable(
  'update_comments',
  {
    id: id(),
    updateId: uuid('update_id')
      .notNull()
      .references(() => campaignUpdates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('update_comments_update_created').on(table.updateId, table.createdAt)],
);
