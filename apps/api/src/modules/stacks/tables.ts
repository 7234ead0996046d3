import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.ts';
import { events, users } from '../../db/schema.ts';

/** Event Stacking: a host's page of two to five of their own campaigns with a combined total. */
export const stacks = pgTable(
  'stacks',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('stacks_owner').on(table.ownerId, table.createdAt)],
);

/** The campaigns of a stack, in the order the page shows them. */
export const stackCampaigns = pgTable(
  'stack_campaigns',
  {
    stackId: uuid('stack_id')
      .notNull()
      .references(() => stacks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.stackId, table.eventId] }), index('stack_campaigns_event').on(table.eventId)],
);
