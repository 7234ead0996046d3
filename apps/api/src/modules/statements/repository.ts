import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import { charities, events, ledgerEntries, ledgerTransactions, pledges } from '../../db/schema.ts';
import type { Recipient } from '../../lib/receipt-recipient.ts';
import { statementMailings } from './tables.ts';
import { kindsOnStatement, returnedKind, type ReturnedKind } from '../ledger/index.ts';

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

export interface MailingCandidate {
  userId: string;
  email: string;
  name: string;
  givenCents: number;
  tipCents: number;
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

  /** Supporters charged in `year` (pledges or donations), who want the January e-mail and were not mailed it yet (decision 138). */
  async mailingCandidates(db: Executor, year: number, limit: number): Promise<MailingCandidate[]> {
    const from = new Date(Date.UTC(year, 0, 1));
    const to = new Date(Date.UTC(year + 1, 0, 1));
    const result = await db.execute(sql`
      with charged as (
        select p.user_id, p.charged_cents - p.tip_cents as given, p.tip_cents as tip
        from pledges p where p.user_id is not null and p.charged_cents is not null and p.charged_at >= ${from} and p.charged_at < ${to}
        union all
        select d.user_id, d.amount_cents, 0 from charity_donations d
        where d.user_id is not null and d.status = 'charged' and d.created_at >= ${from} and d.created_at < ${to}
      )
      select u.id as user_id, u.email, u.name, sum(c.given) as given, sum(c.tip) as tip
      from charged c join users u on u.id = c.user_id
      where u.statement_emails and u.disabled_at is null
        and not exists (select 1 from statement_mailings m where m.user_id = u.id and m.year = ${year})
      group by u.id, u.email, u.name
      order by u.id
      limit ${limit}
    `);
    const rows = rowsOf(result);
    return rows.map((row) => ({
      userId: String(row.user_id),
      email: String(row.email),
      name: String(row.name),
      givenCents: Number(row.given),
      tipCents: Number(row.tip),
    }));
  },

  /** Claims the (user, year) rows: the ids this transaction won; a row another run holds is not returned. */
  async claimMailings(tx: Executor, userIds: string[], year: number, at: Date): Promise<Set<string>> {
    const claimed = await tx
      .insert(statementMailings)
      .values(userIds.map((userId) => ({ userId, year, sentAt: at })))
      .onConflictDoNothing()
      .returning({ userId: statementMailings.userId });
    return new Set(claimed.map((row) => row.userId));
  },
};
