import { and, desc, eq, getTableName, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { columnsFor, fromDriverRow } from '../../db/raw.ts';
import { events, outboxEmails, participants, paymentMethods, pledges, users } from '../../db/schema.ts';
import type { outboxValues } from '../../providers/email/index.ts';
import { countHit } from '../../lib/rate-limit/store.ts';
import { sessionColumns } from '../auth/index.ts';
import { countedPledges } from '../event-reads/index.ts';
import type { CampaignRow } from '../event-records/index.ts';

export type PledgeRow = typeof pledges.$inferSelect;
export type NewPledge = typeof pledges.$inferInsert;

const counted = (eventId: string) => and(eq(pledges.eventId, eventId), countedPledges());

/** What the pledge rules read of its campaign (create-service.ts). */
const campaignFacts = {
  id: events.id,
  ownerId: events.ownerId,
  name: events.name,
  kind: events.kind,
  status: events.status,
  startDate: events.startDate,
  approvedAt: events.approvedAt,
  durationDays: events.durationDays,
  donationLimitCents: events.donationLimitCents,
  runoffWinBy: events.runoffWinBy,
  runoffFixedAmountCents: events.runoffFixedAmountCents,
};
export type CampaignFacts = Pick<CampaignRow, keyof typeof campaignFacts>;

/** The row version: any update of the campaign changes it (a lock does not). */
const campaignVersion = sql<string>`${events}.xmin::text`;

/**
 * Everything a pledge needs before it is written, in one read: whether the supporter's session is
 * live (the route's session check, `sessionCheckedByRoute`), whether this request key was used
 * already, the supporter's card (if still saved) and address, the campaign and its row version,
 * and whether the chosen runoff option belongs to it. Not locked: the write proceeds only if the
 * campaign is still at this version (`writePledge`). Prepared once per database.
 */
function pledgeContextQuery(db: Db) {
  const requestKey = sql.placeholder('requestKey');
  return db
    .select({
      replay: sql<boolean>`(${requestKey}::text is not null and exists (select 1 from ${pledges} where ${pledges.userId} = ${users.id} and ${pledges.requestKey} = ${requestKey}::text))`,
      supporter: { email: users.email, name: users.name },
      session: sessionColumns(sql.placeholder('sessionId')),
      card: { id: paymentMethods.id, brand: paymentMethods.brand, last4: paymentMethods.last4, kind: paymentMethods.kind, detail: paymentMethods.detail },
      campaign: campaignFacts,
      version: campaignVersion,
      optionBelongs: sql<boolean>`exists (select 1 from ${participants} where ${participants.id} = ${sql.placeholder('participantId')}::uuid and ${participants.eventId} = ${events.id})`,
    })
    .from(users)
    .leftJoin(events, eq(events.id, sql.placeholder('eventId')))
    .leftJoin(paymentMethods, and(eq(paymentMethods.id, sql.placeholder('cardId')), eq(paymentMethods.userId, users.id), isNull(paymentMethods.removedAt)))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('pledge_context');
}

export interface PledgeContextInput {
  userId: string;
  /** The access token's session. */
  sessionId: string;
  eventId: string;
  cardId: string;
  participantId: string | null;
  requestKey: string | null;
}
export type PledgeContext = Awaited<ReturnType<ReturnType<typeof pledgeContextQuery>['execute']>>[number];

const OUTBOX_KEYS = ['to', 'subject', 'text', 'html', 'kind'] as const;
const writeStatements = new Map<string, { text: string; pledgeColumns: ReturnType<typeof columnsFor> }>();

/**
 * The pledge's one write, as one statement (so one round trip and its own transaction): the
 * campaign share-locked at the version the rules were checked against, the supporter's pledge
 * counted against their limit (decision 119), the pledge, and its receipt in the outbox. A campaign
 * changed since (or being changed: the lock waits for that transaction, then re-reads the row)
 * writes and counts nothing and answers `locked = 0`; a supporter past their limit gets no pledge,
 * and `hits` above the limit. Built once per set of pledge columns.
 */
function writeStatement(keys: readonly string[]) {
  const cacheKey = keys.join(',');
  const known = writeStatements.get(cacheKey);
  if (known) return known;
  const pledgeColumns = columnsFor(pledges, keys);
  const mailColumns = columnsFor(outboxEmails, OUTBOX_KEYS);
  const list = (columns: { name: string }[]) => columns.map((column) => `"${column.name}"`).join(', ');
  const params = (columns: { type: string }[], first: number) => columns.map((column, index) => `$${first + index}::${column.type}`).join(', ');
  const limit = 3 + keys.length + OUTBOX_KEYS.length;
  const text = [
    `with campaign as (select id from "${getTableName(events)}" where id = $1 and xmin = $2::text::xid for share),`,
    `counted as (${countHit(`$${limit}`, `$${limit + 1}`, 'from campaign')}),`,
    `inserted as (insert into "${getTableName(pledges)}" (${list(pledgeColumns)}) select ${params(pledgeColumns, 3)} from campaign`,
    `  where (select hits from counted) <= $${limit + 2}::int on conflict do nothing returning *),`,
    `receipt as (insert into "${getTableName(outboxEmails)}" (${list(mailColumns)}) select ${params(mailColumns, 3 + keys.length)} from inserted)`,
    'select (select count(*) from campaign)::int as locked, (select hits from counted) as limit_hits, (select ttl_ms from counted) as limit_ttl_ms,',
    '  inserted.* from (values (0)) as one (nothing) left join inserted on true',
  ].join('\n');
  const statement = { text, pledgeColumns };
  writeStatements.set(cacheKey, statement);
  return statement;
}

export type RunSql = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** A supporter's pledge limit, counted by the pledge's write: at most `max` pledges per `windowMs` on `key`. */
export interface PledgeLimit {
  key: string;
  windowMs: number;
  max: number;
}

export const pledgesRepository = {
  /** The pre-write read (`pledgeContextQuery`), prepared once for this database. */
  pledgeContextReader(db: Db): (input: PledgeContextInput) => Promise<PledgeContext | undefined> {
    const query = pledgeContextQuery(db);
    return async (input) => (await query.execute({ ...input }))[0];
  },

  /**
   * The campaign's facts and row version, share-locked until the pledge commits (as `eventRecords.lock`):
   * a new pledge's path when the campaign keeps changing under the unlocked read.
   */
  async lockCampaignVersion(db: Executor, eventId: string): Promise<{ campaign: CampaignFacts; version: string } | undefined> {
    const [row] = await db.select({ campaign: campaignFacts, version: campaignVersion }).from(events).where(eq(events.id, eventId)).for('share').limit(1);
    return row;
  },

  /**
   * Writes the pledge and its receipt if the campaign is still at `version` (`writeStatement`).
   * `run` executes the SQL: a prepared statement on its own, or inside a transaction.
   */
  async writePledge(
    run: RunSql,
    input: { eventId: string; version: string; pledge: NewPledge; receipt: ReturnType<typeof outboxValues>; limit: PledgeLimit },
  ): Promise<{ changed: true } | { changed: false; limited: { retryAfterMs: number } } | { changed: false; limited?: undefined; row: PledgeRow | undefined }> {
    const keys = Object.keys(input.pledge).filter((key) => input.pledge[key as keyof NewPledge] !== undefined);
    const { text, pledgeColumns } = writeStatement(keys);
    const pledgeValues = pledgeColumns.map((column, index) => column.toDriver(input.pledge[keys[index] as keyof NewPledge]));
    const receiptValues = OUTBOX_KEYS.map((key) => input.receipt[key]);
    const { key, windowMs, max } = input.limit;
    const [result] = await run(text, [input.eventId, input.version, ...pledgeValues, ...receiptValues, key, windowMs, max]);
    if (!result || Number(result.locked) === 0) return { changed: true };
    if (Number(result.limit_hits) > max) return { changed: false, limited: { retryAfterMs: Number(result.limit_ttl_ms) } };
    return { changed: false, row: result.id ? fromDriverRow(pledges, result) : undefined };
  },

  async participantOf(db: Executor, eventId: string, participantId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.id, participantId), eq(participants.eventId, eventId)))
      .limit(1);
    return Boolean(row);
  },

  async findByRequestKey(db: Executor, userId: string, requestKey: string): Promise<PledgeRow | undefined> {
    const [row] = await db
      .select()
      .from(pledges)
      .where(and(eq(pledges.userId, userId), eq(pledges.requestKey, requestKey)))
      .limit(1);
    return row;
  },

  /** Counted pledges of a campaign, newest first, with the supporter's name. */
  supporters(db: Executor, eventId: string, page: { offset: number; limit: number }) {
    return db
      .select({ pledge: pledges, name: users.name })
      .from(pledges)
      .leftJoin(users, eq(users.id, pledges.userId))
      .where(counted(eventId))
      .orderBy(desc(pledges.createdAt), desc(pledges.id))
      .offset(page.offset)
      .limit(page.limit);
  },
};
