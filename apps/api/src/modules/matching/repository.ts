import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PledgeStatus } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { events, participants, pledges, users } from '../../db/schema.ts';
import { matchTopUps, pledgeMatches } from './tables.ts';

export type MatchRow = typeof pledgeMatches.$inferSelect;
export type NewMatch = typeof pledgeMatches.$inferInsert;

/** A match with what its answer shows: its option's name and its pledge's status and amount once it has one. */
const matchView = {
  match: pledgeMatches,
  participantName: participants.fullName,
  pledgeStatus: pledges.status,
  pledgeAmountCents: pledges.amountCents,
};

/** The supporters' own pledges a match may cover: never the creator's funding, never another match. */
function matchablePledgesOf(eventId: string, statuses: readonly PledgeStatus[]) {
  return and(eq(pledges.eventId, eventId), eq(pledges.kind, 'pledge'), eq(pledges.isCreatorPledge, false), inArray(pledges.status, [...statuses]));
}

export const matchingRepository = {
  async campaignVisibility(db: Executor, eventId: string) {
    const [row] = await db.select({ ownerId: events.ownerId, status: events.status }).from(events).where(eq(events.id, eventId)).limit(1);
    return row;
  },
  /** Inserts the offer unless this sponsor already has one on the campaign (the unique index decides a race). */
  async insert(tx: Executor, values: NewMatch): Promise<MatchRow | undefined> {
    const [row] = await tx.insert(pledgeMatches).values(values).onConflictDoNothing().returning();
    return row;
  },
  async sponsorEmail(db: Executor, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.email;
  },
  listForEvent(db: Executor, eventId: string) {
    return db
      .select(matchView)
      .from(pledgeMatches)
      .leftJoin(participants, eq(participants.id, pledgeMatches.participantId))
      .leftJoin(pledges, eq(pledges.id, pledgeMatches.pledgeId))
      .where(eq(pledgeMatches.eventId, eventId))
      .orderBy(asc(pledgeMatches.createdAt));
  },
  listForSponsor(db: Executor, userId: string) {
    return db
      .select({ ...matchView, eventName: events.name })
      .from(pledgeMatches)
      .innerJoin(events, eq(events.id, pledgeMatches.eventId))
      .leftJoin(participants, eq(participants.id, pledgeMatches.participantId))
      .leftJoin(pledges, eq(pledges.id, pledgeMatches.pledgeId))
      .where(eq(pledgeMatches.sponsorId, userId))
      .orderBy(desc(pledgeMatches.createdAt));
  },
  /** The pledges a match may cover, in these statuses, with what the window and option are checked against. */
  matchablePledges(db: Executor, eventId: string, statuses: readonly PledgeStatus[]) {
    return db
      .select({ amountCents: pledges.amountCents, createdAt: pledges.createdAt, optionId: pledges.participantId })
      .from(pledges)
      .where(matchablePledgesOf(eventId, statuses));
  },
  /** Whether any supporter's pledge of the run is still pending (stops at the first one found). */
  async pendingInRun(tx: Executor, runId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: pledges.id })
      .from(pledges)
      .where(and(eq(pledges.chargeRunId, runId), eq(pledges.kind, 'pledge'), eq(pledges.status, 'pending')))
      .limit(1);
    return row !== undefined;
  },
  lockOffered(tx: Executor, eventId: string): Promise<MatchRow[]> {
    return tx
      .select()
      .from(pledgeMatches)
      .where(and(eq(pledgeMatches.eventId, eventId), eq(pledgeMatches.status, 'offered')))
      .orderBy(asc(pledgeMatches.createdAt))
      .for('update');
  },
  async settle(tx: Executor, matchId: string, pledgeId: string | null, now: Date): Promise<void> {
    await tx.update(pledgeMatches).set({ status: 'settled', pledgeId, settledAt: now }).where(eq(pledgeMatches.id, matchId));
  },
  /** The match a pledge of kind `match` charges: its first charge, or one of its top-ups (naming the recovered pledge). */
  async forPledge(db: Executor, pledgeId: string): Promise<{ id: string; sponsorName: string; recoveredPledgeId: string | null } | undefined> {
    const [first] = await db
      .select({ id: pledgeMatches.id, sponsorName: pledgeMatches.sponsorName })
      .from(pledgeMatches)
      .where(eq(pledgeMatches.pledgeId, pledgeId))
      .limit(1);
    if (first) return { ...first, recoveredPledgeId: null };
    const [topUp] = await db
      .select({ id: pledgeMatches.id, sponsorName: pledgeMatches.sponsorName, recoveredPledgeId: matchTopUps.recoveredPledgeId })
      .from(matchTopUps)
      .innerJoin(pledgeMatches, eq(pledgeMatches.id, matchTopUps.matchId))
      .where(eq(matchTopUps.pledgeId, pledgeId))
      .limit(1);
    return topUp;
  },
  /** Every match of the campaign, locked (`FOR UPDATE`) in the order a settlement locks them: a top-up reads and adds under it. */
  lockAllOfCampaign(tx: Executor, eventId: string): Promise<MatchRow[]> {
    return tx.select().from(pledgeMatches).where(eq(pledgeMatches.eventId, eventId)).orderBy(asc(pledgeMatches.createdAt)).for('update');
  },
  /**
   * What a settled match is fixed at so far (its first charge's pledge and every top-up, whatever
   * their outcome), the card its first charge was last given, and whether this recovered pledge
   * topped it up already.
   */
  async fixedSoFar(tx: Executor, match: Pick<MatchRow, 'id' | 'pledgeId'>, recoveredPledgeId: string) {
    const [row] = await tx
      .select({
        cents: sql<string>`coalesce((select ${pledges.amountCents} from ${pledges} where ${pledges.id} = ${match.pledgeId}), 0)
          + coalesce((select sum(${matchTopUps.amountCents}) from ${matchTopUps} where ${matchTopUps.matchId} = ${match.id}), 0)`,
        cardId: sql<string | null>`(select ${pledges.paymentMethodId} from ${pledges} where ${pledges.id} = ${match.pledgeId})`,
        toppedUp: sql<boolean>`exists (select 1 from ${matchTopUps} where ${matchTopUps.matchId} = ${match.id} and ${matchTopUps.recoveredPledgeId} = ${recoveredPledgeId})`,
      })
      .from(pledgeMatches)
      .where(eq(pledgeMatches.id, match.id));
    return { cents: Number(row!.cents), cardId: row!.cardId, toppedUp: Boolean(row!.toppedUp) };
  },
  async insertTopUp(tx: Executor, values: typeof matchTopUps.$inferInsert): Promise<boolean> {
    const rows = await tx.insert(matchTopUps).values(values).onConflictDoNothing().returning({ id: matchTopUps.id });
    return rows.length > 0;
  },
  /** The top-ups of these matches with their pledges' outcomes (what a match's answer sums). */
  topUpsOf(db: Executor, matchIds: string[]) {
    if (!matchIds.length) return Promise.resolve([]);
    return db
      .select({ matchId: matchTopUps.matchId, amountCents: matchTopUps.amountCents, status: pledges.status })
      .from(matchTopUps)
      .innerJoin(pledges, eq(pledges.id, matchTopUps.pledgeId))
      .where(inArray(matchTopUps.matchId, matchIds))
      .orderBy(asc(matchTopUps.createdAt));
  },
  /** Every offered match of the campaign released; returns them with their sponsors' e-mails. */
  async releaseOffered(tx: Executor, eventId: string, now: Date) {
    const released = await tx
      .update(pledgeMatches)
      .set({ status: 'released', settledAt: now })
      .where(and(eq(pledgeMatches.eventId, eventId), eq(pledgeMatches.status, 'offered')))
      .returning();
    const ids = released.map((row) => row.sponsorId).filter((sponsor): sponsor is string => sponsor !== null);
    const emails = ids.length ? await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)) : [];
    return released.map((match) => ({ match, email: emails.find((row) => row.id === match.sponsorId)?.email }));
  },
};
