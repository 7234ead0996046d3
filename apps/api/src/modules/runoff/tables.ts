import { boolean, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cents } from '../../db/columns.ts';
import { events, participants } from '../../db/schema.ts';

/**
 * A runoff's final ranking, written once by the charge run that settles it: released pledges stop
 * counting in the live totals, so what each option raised is kept here for the page.
 */
export const runoffResults = pgTable(
  'runoff_results',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    raisedCents: cents('raised_cents').notNull(),
    supporters: integer('supporters').notNull(),
    charged: boolean('charged').notNull(),
    tieNote: text('tie_note'),
    /** The charge run that wrote it (the foreign key lives in the migration). */
    chargeRunId: uuid('charge_run_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.participantId] })],
);
