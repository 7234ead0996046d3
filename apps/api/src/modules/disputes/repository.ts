import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import { charities, events, ledgerEntries, ledgerTransactions, pledges, users } from '../../db/schema.ts';
import type { LedgerEntryInput } from '../ledger/index.ts';
import { disputes } from './tables.ts';

export type DisputeRow = typeof disputes.$inferSelect;

const creators = alias(users, 'creators');

/** SQL of disputes: the disputed pledge under its row lock, the charity's payable from the ledger. */
export const disputesRepository = {
  /** One dispute with its campaign's name (a pledge's): what a `dispute.opened` or `dispute.closed` webhook event describes. */
  async withCampaign(db: Executor, id: string) {
    const [row] = await db
      .select({ dispute: disputes, campaignName: events.name })
      .from(disputes)
      .leftJoin(events, eq(events.id, disputes.eventId))
      .where(eq(disputes.id, id))
      .limit(1);
    return row;
  },
  /** Disputes still open of the charges a charge run made (its pledges, the match charges and the funding). */
  async openCountForRun(db: Executor, runId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<string>`count(*)` })
      .from(disputes)
      .innerJoin(pledges, eq(pledges.id, disputes.pledgeId))
      .where(and(eq(pledges.chargeRunId, runId), eq(disputes.status, 'open')));
    return Number(row?.n ?? 0);
  },
  /** The pledge whose charge is disputed (by charge or PaymentIntent reference), locked, with its campaign and people. */
  async lockPledgeByCharge(tx: Executor, refs: string[]) {
    const [row] = await tx
      .select({
        pledge: pledges,
        event: { id: events.id, name: events.name, charityId: events.charityId },
        creator: { email: creators.email, name: creators.name },
      })
      .from(pledges)
      .innerJoin(events, eq(events.id, pledges.eventId))
      .innerJoin(creators, eq(creators.id, events.ownerId))
      .where(inArray(pledges.providerChargeRef, refs))
      .for('update', { of: pledges })
      .limit(1);
    return row;
  },

  /** A pledge's status and the provider's reference of its charge (the sandbox's dispute tool). */
  async pledgeCharge(db: Executor, pledgeId: string) {
    const [row] = await db
      .select({ status: pledges.status, chargeRef: pledges.providerChargeRef, chargedCents: pledges.chargedCents })
      .from(pledges)
      .where(eq(pledges.id, pledgeId))
      .limit(1);
    return row;
  },

  async find(db: Executor, provider: string, providerDisputeRef: string): Promise<DisputeRow | undefined> {
    const [row] = await db
      .select()
      .from(disputes)
      .where(and(eq(disputes.provider, provider), eq(disputes.providerDisputeRef, providerDisputeRef)))
      .limit(1);
    return row;
  },

  async byId(db: Executor, id: string): Promise<DisputeRow | undefined> {
    const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).limit(1);
    return row;
  },

  /** The same lock a payout takes, so the payable read next cannot be paid out meanwhile. */
  async lockCharity(tx: Executor, charityId: string): Promise<void> {
    await tx.select({ id: charities.id }).from(charities).where(eq(charities.id, charityId)).for('update');
  },

  /** What the charity is owed and not yet paid out (all its campaigns). */
  async charityPayableCents(tx: Executor, charityId: string | null): Promise<number> {
    const [row] = await tx
      .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'charity_payable'), charityId ? eq(ledgerEntries.charityId, charityId) : isNull(ledgerEntries.charityId)));
    return Number(row?.cents ?? 0);
  },

  /** What the pledge's own transactions credited to the charity (its net; a funding's settlement). */
  async creditedToCharityCents(tx: Executor, pledgeId: string): Promise<number> {
    const [row] = await tx
      .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerTransactions.pledgeId, pledgeId), eq(ledgerEntries.account, 'charity_payable'), gt(ledgerEntries.amountCents, 0)));
    return Number(row?.cents ?? 0);
  },

  /** The entries of one posted transaction (a dispute's opening, reversed when it is won). */
  async entriesOf(tx: Executor, transactionId: string): Promise<LedgerEntryInput[]> {
    const rows = await tx
      .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents, eventId: ledgerEntries.eventId, charityId: ledgerEntries.charityId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, transactionId))
      .orderBy(ledgerEntries.id);
    return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
  },

  /** The disputes of a charity's money: its campaigns' pledges and its donations, newest first (the charity portal). */
  async forCharity(db: Executor, charityId: string) {
    const rows = await db.execute(sql`
      select d.id, d.created_at, d.status, d.reason, d.amount_cents, d.charity_share_cents, ev.name as campaign
      from disputes d
      left join events ev on ev.id = d.event_id
      left join charity_donations cd on cd.id = d.donation_id
      where ev.charity_id = ${charityId} or cd.charity_id = ${charityId}
      order by d.created_at desc
    `);
    const list = rowsOf<{
      id: string;
      created_at: string | Date;
      status: 'open' | 'won' | 'lost';
      reason: string;
      amount_cents: string | number;
      charity_share_cents: string | number;
      campaign: string | null;
    }>(rows);
    return list.map((row) => ({
      id: row.id,
      openedAt: new Date(row.created_at),
      status: row.status,
      reason: row.reason,
      campaign: row.campaign,
      amountCents: Number(row.amount_cents),
      charityShareCents: Number(row.charity_share_cents),
    }));
  },

  /** Inserts a dispute once; undefined when this provider dispute is already recorded. */
  async insert(tx: Executor, values: typeof disputes.$inferInsert): Promise<DisputeRow | undefined> {
    const [row] = await tx.insert(disputes).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** Closes an open dispute; undefined when it was closed already. */
  async close(tx: Executor, id: string, status: 'won' | 'lost', closedAt: Date): Promise<DisputeRow | undefined> {
    const [row] = await tx
      .update(disputes)
      .set({ status, closedAt })
      .where(and(eq(disputes.id, id), eq(disputes.status, 'open')))
      .returning();
    return row;
  },

  /** Admins to tell (enabled accounts). */
  async adminEmails(db: Executor): Promise<string[]> {
    const rows = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
    return rows.map((row) => row.email);
  },

  /**
   * What moved back to (or again from) the card of these donations: each dispute's opening and, if
   * won, its reversal, as the card saw them (`donor_card`), for giving statements.
   */
  async donationReturns(db: Executor, donationIds: string[]) {
    if (!donationIds.length) return [];
    const rows = await db
      .select({
        donationId: disputes.donationId,
        at: ledgerTransactions.createdAt,
        kind: ledgerTransactions.kind,
        cents: sql<string>`sum(${ledgerEntries.amountCents})`,
      })
      .from(disputes)
      .innerJoin(
        ledgerTransactions,
        sql`${ledgerTransactions.id} = ${disputes.openedTransactionId} or (${ledgerTransactions.kind} = 'dispute_won' and ${ledgerTransactions.providerRef} = ${disputes.providerDisputeRef})`,
      )
      .innerJoin(ledgerEntries, and(eq(ledgerEntries.transactionId, ledgerTransactions.id), eq(ledgerEntries.account, 'donor_card')))
      .where(inArray(disputes.donationId, donationIds))
      .groupBy(disputes.donationId, ledgerTransactions.id)
      .orderBy(ledgerTransactions.createdAt);
    return rows.map((row) => ({ donationId: row.donationId!, at: row.at, kind: row.kind, cents: Number(row.cents) }));
  },

  /** The admin console's list: newest first, with the pledge, its donor, campaign and charity (a donation's are the donations module's). */
  list(db: Executor, id?: string) {
    const query = db
      .select({
        dispute: disputes,
        pledge: { id: pledges.id, amountCents: pledges.amountCents, chargedCents: pledges.chargedCents },
        donor: { name: users.name, email: users.email },
        event: { id: events.id, name: events.name },
        charityName: charities.name,
      })
      .from(disputes)
      .leftJoin(pledges, eq(pledges.id, disputes.pledgeId))
      .leftJoin(users, eq(users.id, pledges.userId))
      .leftJoin(events, eq(events.id, disputes.eventId))
      .leftJoin(charities, eq(charities.id, events.charityId))
      .orderBy(desc(disputes.createdAt))
      .limit(500);
    return id ? query.where(eq(disputes.id, id)) : query;
  },
};
