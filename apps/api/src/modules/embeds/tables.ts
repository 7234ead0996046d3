import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { events } from '../../db/schema.ts';

/** The sites allowed to show a campaign's embed in a frame (CSP `frame-ancestors`), named by its host (decision 111). */
export const campaignEmbedOrigins = pgTable(
  'campaign_embed_origins',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** A browser origin, e.g. `https://www.example.org`. */
    origin: text('origin').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.origin] })],
);
