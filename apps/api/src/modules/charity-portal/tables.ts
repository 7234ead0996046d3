import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/** What a representative proposed for the charity's profile: the profile form's fields, and a new logo already stored. */
export interface ProposedProfile {
  description: string;
  link: string | null;
  legal_name: string;
  registration_number: string;
  address: string;
  /** The new logo's address and storage key; null keeps the current logo. */
  logo: { url: string; key: string } | null;
}

/**
 * A representative's profile edit, held for an admin (decision 176): the public profile changes only
 * when an admin approves. One pending change per charity: a newer edit supersedes the older one.
 */
export const charityProfileChanges = pgTable(
  'charity_profile_changes',
  {
    id: id(),
    charityId: uuid('charity_id')
      .notNull()
      .references(() => charities.id, { onDelete: 'cascade' }),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    proposed: jsonb('proposed').$type<ProposedProfile>().notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'superseded'] })
      .notNull()
      .default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The admin's reason for a rejection, told to the representative. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('charity_profile_changes_one_pending')
      .on(table.charityId)
      .where(sql`${table.status} = 'pending'`),
    index('charity_profile_changes_status').on(table.status, table.createdAt),
  ],
);
