import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { charities, events, ledgerEntries, ledgerTransactions, pledges } from '../../db/schema.ts';
import type { Recipient } from './recipient.ts';
import { kindsOnStatement, returnedKind, type ReturnedKind } from '../ledger/kinds.ts';

export interface StatementCharge {
  /** The charged pledge's id, or the donation's (from /charities: no campaign, no tip). */
  id: string;
  kind: 'pledge' | 'donation';
  chargedAt: Date;
  campaign: string;
  charity: string | null;
  /** The charity as the statement names it for a tax office (decision 137). */
  recipient: Recipient | null;
  chargedCents: number;
  tipCents: number;
  status: string;
}

export interface StatementReturn {
  at: Date;
  kind: ReturnedKind;
  campaign: string;
  /** Back to the card (positive), or taken again by a won dispute (negative). */
  cents: number;
}

/** The SQL of giving statements: a supporter's own charges and what went back to their cards. */
export const statementsRepository = {
  /** Every pledge of the user that was charged, oldest first, with its campaign and charity. */
  async charges(db: Executor, userId: string): Promise<StatementCharge[]> {
    const rows = await db
      .select({
        id: pledges.id,
        chargedAt: pledges.chargedAt,
        campaign: events.name,
        charity: charities.name,
        legalName: charities.legalName,
        registrationNumber: charities.registrationNumber,
        address: charities.address,
        chargedCents: pledges.chargedCents,
        tipCents: pledges.tipCents,
        status: pledges.status,
      })
      .from(pledges)
      .innerJoin(events, eq(events.id, pledges.eventId))
      .leftJoin(charities, eq(charities.id, events.charityId))
      .where(and(eq(pledges.userId, userId), isNotNull(pledges.chargedAt), isNotNull(pledges.chargedCents)))
      .orderBy(pledges.chargedAt);
    return rows.map(({ legalName, registrationNumber, address, ...row }) => ({
      ...row,
      recipient: row.charity ? { name: row.charity, legalName: legalName ?? '', registrationNumber: registrationNumber ?? '', address: address ?? '' } : null,
      kind: 'pledge' as const,
      chargedAt: row.chargedAt!,
      chargedCents: Number(row.chargedCents),
      tipCents: Number(row.tipCents),
    }));
  },

  /**
   * Money that moved back to (or again from) the card of these pledges after their charge: the
   * kinds the ledger places on the statement as returned (refunds and disputes), never a charge.
   */
  async returns(db: Executor, pledgeIds: string[]): Promise<(StatementReturn & { pledgeId: string })[]> {
    if (!pledgeIds.length) return [];
    const rows = await db
      .select({
        pledgeId: ledgerTransactions.pledgeId,
        at: ledgerTransactions.createdAt,
        kind: ledgerTransactions.kind,
        campaign: events.name,
        cents: sql<string>`sum(${ledgerEntries.amountCents})`,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .innerJoin(events, eq(events.id, ledgerTransactions.eventId))
      .where(
        and(
          inArray(ledgerTransactions.pledgeId, pledgeIds),
          eq(ledgerEntries.account, 'donor_card'),
          inArray(ledgerTransactions.kind, kindsOnStatement('returned')),
        ),
      )
      .groupBy(ledgerTransactions.id, events.name)
      .having(gt(sql`abs(sum(${ledgerEntries.amountCents}))`, 0))
      .orderBy(ledgerTransactions.createdAt);
    return rows.map((row) => ({ pledgeId: row.pledgeId!, at: row.at, kind: returnedKind(row.kind), campaign: row.campaign, cents: Number(row.cents) }));
  },
};
