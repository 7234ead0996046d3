import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, updatedAt } from './columns.ts';
import { PLEDGE_STATUSES } from '@pledgeway/domain/schemas/my-pledges';
import { PAYMENT_METHOD_KINDS } from '@pledgeway/domain/schemas/payment-methods';
import { LEDGER_KINDS } from '../modules/ledger/kinds.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    occupation: text('occupation').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    description: text('description').notNull().default(''),
    image: text('image').notNull().default(''),
    identityStatus: text('identity_status', { enum: ['unverified', 'pending', 'verified', 'failed'] })
      .notNull()
      .default('unverified'),
    /** When set, the account closes on this date (docs/product.md#closing-an-account). */
    closureScheduledAt: timestamp('closure_scheduled_at', { withTimezone: true }),
    /** Set when the user asked to close the account and it could not close at once. */
    closureRequestedAt: timestamp('closure_requested_at', { withTimezone: true }),
    /** An admin disabled the account: no log-in, no session. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Access tokens issued before this moment are refused (log-out everywhere, disable, delete). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /** The owner opened the confirmation link sent to this address; null until then (decision 095). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** The yearly giving statement is e-mailed each January unless the owner turned it off (decision 138). */
    statementEmails: boolean('statement_emails').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email)],
);

export const charityGroups = pgTable('charity_groups', {
  id: id(),
  title: text('title').notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const charities = pgTable('charities', {
  id: id(),
  groupId: uuid('group_id')
    .notNull()
    .references(() => charityGroups.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  link: text('link'),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  /** Hidden charities are not listed publicly nor offered in the wizard; their history stays. */
  hidden: boolean('hidden').notNull().default(false),
  /** The recipient as receipts and statements name it (decision 137): legal name, EIN or national number, address. */
  legalName: text('legal_name').notNull().default(''),
  registrationNumber: text('registration_number').notNull().default(''),
  address: text('address').notNull().default(''),
});

export const events = pgTable(
  'events',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['event', 'money_bomb', 'runoff', 'crowdfunding'] })
      .notNull()
      .default('event'),
    fundingModel: text('funding_model', { enum: ['all_or_nothing', 'all_donations'] })
      .notNull()
      .default('all_donations'),
    runoffWinBy: text('runoff_win_by', { enum: ['donor_total', 'donation_total'] }),
    status: text('status', {
      enum: ['pending', 'approved', 'rejected', 'freeze', 'close', 'completed', 'cancelled'],
    })
      .notNull()
      .default('pending'),
    /** The status to return to when an admin unfreezes. */
    statusBeforeFreeze: text('status_before_freeze'),
    rejectionReason: text('rejection_reason'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    targetCents: cents('target_cents').notNull(),
    donationLimitCents: cents('donation_limit_cents'),
    runoffFixedAmountCents: cents('runoff_fixed_amount_cents'),
    /** Declared before pledging: the lowest placement that may be charged; null = every placement. */
    runoffChargeablePlaces: integer('runoff_chargeable_places'),
    /** The creator's choice at the end: placements 1..N are charged; null = not chosen yet. */
    runoffChargedPlaces: integer('runoff_charged_places'),
    bannerImage: text('banner_image').notNull().default(''),
    locationType: text('location_type', { enum: ['physical', 'virtual'] })
      .notNull()
      .default('physical'),
    eventLocation: text('event_location').notNull().default(''),
    onlineEventLink: text('online_event_link').notNull().default(''),
    eventDate: date('event_date', { mode: 'string' }),
    eventTime: text('event_time').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }),
    durationDays: integer('duration_days'),
    charityId: uuid('charity_id').references(() => charities.id),
    hostAbout: text('host_about').notNull().default(''),
    hostFullName: text('host_full_name').notNull().default(''),
    hostEmail: text('host_email').notNull().default(''),
    /** The one e-mail the campaign page shows, chosen by the host; '' shows none (decision 155). */
    hostContactEmail: text('host_contact_email').notNull().default(''),
    hostOccupation: text('host_occupation').notNull().default(''),
    hostCompanyName: text('host_company_name').notNull().default(''),
    hostAboutYou: text('host_about_you').notNull().default(''),
    hostImage: text('host_image').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('events_status_kind').on(table.status, table.kind), index('events_owner').on(table.ownerId)],
);

export const participants = pgTable(
  'participants',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    about: text('about').notNull().default(''),
    fullName: text('full_name').notNull(),
    email: text('email').notNull().default(''),
    occupation: text('occupation').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    aboutParticipant: text('about_participant').notNull().default(''),
    profileImage: text('profile_image').notNull().default(''),
    accepted: boolean('accepted').notNull().default(false),
    /** The participant keeps their e-mail off the public campaign page. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('participants_event').on(table.eventId)],
);

export const eventDocuments = pgTable('event_documents', {
  id: id(),
  eventId: uuid('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  originalName: text('original_name').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  contentType: text('content_type').notNull(),
  createdAt: createdAt(),
});

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerCustomerRef: text('provider_customer_ref').notNull(),
    providerMethodRef: text('provider_method_ref').notNull(),
    /**
     * What the method is (PAYMENT_METHOD_KINDS, decision 150). A method without a card (Cash App
     * Pay) keeps brand and last4 empty and expiry 0; `detail` holds its $cashtag (or Link's e-mail).
     */
    kind: text('kind', { enum: PAYMENT_METHOD_KINDS }).notNull().default('card'),
    detail: text('detail'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('payment_methods_user').on(table.userId),
    uniqueIndex('payment_methods_one_default')
      .on(table.userId)
      .where(sql`${table.isDefault} and ${table.removedAt} is null`),
  ],
);

export const pledges = pgTable(
  'pledges',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    /** Null once the donor's account is deleted; the pledge and its ledger rows stay. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    participantId: uuid('participant_id').references(() => participants.id),
    /** The fundraising page the pledge was made through (decision 110; its foreign key is in migration 0022). */
    fundraisingPageId: uuid('fundraising_page_id'),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    amountCents: cents('amount_cents').notNull(),
    tipCents: cents('tip_cents').notNull().default(0),
    coverFees: boolean('cover_fees').notNull().default(false),
    /** Platform fee fixed when the pledge was made (5% creator, 3% others), and the donor's cover of the fees. */
    platformFeeCents: cents('platform_fee_cents').notNull().default(0),
    coverCents: cents('cover_cents').notNull().default(0),
    /** What the provider charged and the card fee it reported, once charged. */
    chargedCents: cents('charged_cents'),
    cardFeeCents: cents('card_fee_cents'),
    isCreatorPledge: boolean('is_creator_pledge').notNull().default(false),
    /** `match`: a sponsor's match (decision 109), made at charge time from its terms in `pledge_matches`. */
    kind: text('kind', { enum: ['pledge', 'match'] })
      .notNull()
      .default('pledge'),
    anonymous: boolean('anonymous').notNull().default(false),
    /** The name shown in public instead of the account's: a sponsor's chosen name for a match (decision 109). */
    displayName: text('display_name'),
    message: text('message').notNull().default(''),
    notifyUpdates: boolean('notify_updates').notNull().default(false),
    /** The supporter agreed to share their e-mail with the campaign's charity (off by default, decision 136). */
    shareEmailWithCharity: boolean('share_email_with_charity').notNull().default(false),
    /** The supporter agreed to share their e-mail with the campaign's host (exports, webhooks; decision 149). Off unless chosen. */
    shareEmailWithHost: boolean('share_email_with_host').notNull().default(false),
    /** The charge run that charged or released it. */
    chargeRunId: uuid('charge_run_id'),
    /** Failed charges: when the 7-day window opened, the next reminder, how many retries ran. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    retryCount: integer('retry_count').notNull().default(0),
    /**
     * When attempt `retry_count` was last claimed for a provider call whose outcome is not recorded
     * yet (decision 091): the claimant's lease. Null when no attempt is in flight.
     */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    /** When the attempt in flight was first claimed: its key's age counts from here, across takeovers. */
    attemptFirstClaimedAt: timestamp('attempt_first_claimed_at', { withTimezone: true }),
    status: text('status', { enum: PLEDGE_STATUSES }).notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The supporter's Idempotency-Key header: a retried request answers the first pledge again. */
    requestKey: text('request_key'),
    providerChargeRef: text('provider_charge_ref'),
    failureReason: text('failure_reason'),
    /** The last decline's code (`DeclineCode`): what the app decides on; `failureReason` is what the supporter reads. */
    failureCode: text('failure_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pledges_idempotency_unique').on(table.idempotencyKey),
    index('pledges_event_status').on(table.eventId, table.status),
    // Also every read by supporter (its first column).
    uniqueIndex('pledges_user_request_key_unique').on(table.userId, table.requestKey),
    index('pledges_event_created').on(table.eventId, table.createdAt),
    // Only the rows that have a value: a new pledge writes none of these (migration 0028).
    index('pledges_charge_run')
      .on(table.chargeRunId, table.status)
      .where(sql`${table.chargeRunId} is not null`),
    index('pledges_failed_window')
      .on(table.status, table.nextReminderAt)
      .where(sql`${table.nextReminderAt} is not null`),
    index('pledges_fundraising_page')
      .on(table.fundraisingPageId)
      .where(sql`${table.fundraisingPageId} is not null`),
  ],
);

/** One movement of money; its entries sum to zero (docs/money.md#rules). Append-only. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    /** One of the ledger's closed list of kinds (modules/ledger/kinds.ts), checked by the database too. */
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    pledgeId: uuid('pledge_id').references(() => pledges.id),
    eventId: uuid('event_id').references(() => events.id),
    providerRef: text('provider_ref'),
    memo: jsonb('memo'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_transactions_pledge').on(table.pledgeId),
    // A campaign's open ledger reads its transactions newest first (decision 112).
    index('ledger_transactions_event_created').on(table.eventId, table.createdAt),
    check('ledger_transactions_kind', sql.raw(`kind in (${LEDGER_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account', {
      enum: ['donor_card', 'event_escrow', 'charity_payable', 'charity_paid', 'platform_fee_revenue', 'tips_revenue', 'card_processing_fees', 'refunds'],
    }).notNull(),
    eventId: uuid('event_id').references(() => events.id),
    charityId: uuid('charity_id').references(() => charities.id),
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // A transaction's entries: the books' check sums them per charge (10,000 charges read each one's).
    index('ledger_entries_transaction').on(table.transactionId),
    index('ledger_entries_account_event').on(table.account, table.eventId),
    index('ledger_entries_account_charity').on(table.account, table.charityId),
  ],
);

export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    /** Mail a person may stop: where its one-click unsubscribe posts (List-Unsubscribe, RFC 8058). */
    unsubscribeUrl: text('unsubscribe_url'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** Delivery attempts by the outbox worker, and when the next one is due (backoff). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_to').on(table.to, table.createdAt)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  tab: text('tab', { enum: ['organizer', 'support'] }).notNull(),
  name: text('name').notNull().default(''),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  eventName: text('event_name').notNull(),
  message: text('message').notNull().default(''),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  createdAt: createdAt(),
});
