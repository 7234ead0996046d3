import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';
import { charities, users } from '../../db/schema.ts';

/** A person who represents a charity in its portal (decision 135): sees that charity's money and edits its profile. */
export const charityRepresentatives = pgTable(
  'charity_representatives',
  {
    id: id(),
    charityId: uuid('charity_id')
      .notNull()
      .references(() => charities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The invitation accepted; null when an admin added the person another way. */
    invitationId: uuid('invitation_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('charity_representatives_unique').on(table.charityId, table.userId), index('charity_representatives_user').on(table.userId)],
);

/**
 * An admin's invitation to represent a charity, sent to one e-mail address. Only the SHA-256 of its
 * token is stored; it is accepted once, by an account with the invited address, before it expires.
 */
export const charityInvitations = pgTable(
  'charity_invitations',
  {
    id: id(),
    charityId: uuid('charity_id')
      .notNull()
      .references(() => charities.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('charity_invitations_token').on(table.tokenHash), index('charity_invitations_charity').on(table.charityId)],
);
