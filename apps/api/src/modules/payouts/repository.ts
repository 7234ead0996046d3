import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import { charities, ledgerEntries } from '../../db/schema.ts';
import { campaignMoneyInPayoutOrder, campaignsInPayoutOrder, CONNECT_KINDS, recordedPayoutsInOrder } from '../ledger/index.ts';
import { payouts } from './tables.ts';

export type PayoutRow = typeof payouts.$inferSelect;

/** SQL of payouts: balances come from the ledger, never from a stored total. */
export const payoutsRepository = {
  /** One payout with its charity's name: what a `payout.made` webhook event describes. */
  async withCharity(db: Executor, id: string) {
    const [row] = await db
      .select({ payout: payouts, charityName: charities.name })
      .from(payouts)
      .innerJoin(charities, eq(charities.id, payouts.charityId))
      .where(eq(payouts.id, id))
      .limit(1);
    return row;
  },
  async lockCharity(tx: Executor, charityId: string) {
    const [row] = await tx.select().from(charities).where(eq(charities.id, charityId)).for('update').limit(1);
    return row;
  },
  /** Payable (not yet passed on) and paid, per charity, from the ledger. */
  async balances(db: Executor, charityId?: string): Promise<Map<string, { payableCents: number; paidCents: number }>> {
    const rows = await db
      .select({
        charityId: ledgerEntries.charityId,
        payable: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'charity_payable'), 0)`,
        paid: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'charity_paid'), 0)`,
      })
      .from(ledgerEntries)
      .where(charityId ? eq(ledgerEntries.charityId, charityId) : sql`${ledgerEntries.charityId} is not null`)
      .groupBy(ledgerEntries.charityId);
    return new Map(rows.map((row) => [row.charityId!, { payableCents: Number(row.payable), paidCents: Number(row.paid) }]));
  },
  listCharities(db: Executor) {
    return db.select({ id: charities.id, name: charities.name }).from(charities).orderBy(charities.name);
  },
  history(db: Executor, charityId?: string): Promise<PayoutRow[]> {
    const query = db.select().from(payouts).orderBy(desc(payouts.createdAt));
    return charityId ? query.where(eq(payouts.charityId, charityId)) : query;
  },
  async insert(tx: Executor, values: typeof payouts.$inferInsert): Promise<PayoutRow> {
    const [row] = await tx.insert(payouts).values(values).returning();
    return row!;
  },
  /**
   * What of one campaign is for its charity (its payable, after fees) and what reached it: the
   * charity's payouts are applied to its campaigns' payables oldest campaign first, so a campaign
   * shows money passed on only once it was paid.
   */
  async campaignPayout(db: Executor, eventId: string, charityId: string): Promise<{ payableCents: number; passedCents: number }> {
    const rows = await db.execute(sql`
      with ${campaignsInPayoutOrder(charityId)}, ${recordedPayoutsInOrder(charityId)}, transferred as (
        select coalesce(sum(e.amount_cents), 0) as total from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.account = 'charity_paid' and e.event_id = ${eventId} and t.kind in ${CONNECT_KINDS}
      )
      select o.payable, least(o.payable, greatest(0, least(o.payable, (select coalesce(sum(amount_cents), 0) from paid) - o.before)) + transferred.total) as passed
      from ordered o, transferred where o.event_id = ${eventId}
    `);
    const [row] = rowsOf<{ payable: string; passed: string }>(rows);
    return { payableCents: Number(row?.payable ?? 0), passedCents: Number(row?.passed ?? 0) };
  },
  /**
   * Per charged pledge: what of it is for the charity, and what of that a payout has passed on.
   * The same order as `campaignPayout` (oldest campaign first), and within a campaign its money
   * in the order it was booked, so a pledge is passed on once the payouts reach it.
   */
  async pledgesPassedOn(db: Executor, pledgeIds: string[]): Promise<Map<string, { payableCents: number; passedCents: number }>> {
    if (!pledgeIds.length) return new Map();
    const ids = sql.join(
      pledgeIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const charitiesOfPledges = sql`select distinct ev.charity_id from pledges p join events ev on ev.id = p.event_id where p.id in (${ids}) and ev.charity_id is not null`;
    const rows = await db.execute(sql`
      with ${campaignMoneyInPayoutOrder(charitiesOfPledges)}, paid as (
        select e.charity_id, sum(e.amount_cents) as total from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.account = 'charity_paid' and e.charity_id in (${charitiesOfPledges}) and t.kind not in ${CONNECT_KINDS} group by e.charity_id
      ), transferred as (
        select t.pledge_id, sum(e.amount_cents) as total from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.account = 'charity_paid' and t.pledge_id in (${ids}) and t.kind in ${CONNECT_KINDS} group by t.pledge_id
      )
      select o.pledge_id, sum(o.amount_cents) as payable,
        least(sum(o.amount_cents), sum(greatest(0, least(o.amount_cents, coalesce(p.total, 0) - o.before))) + coalesce(max(x.total), 0)) as passed
      from money o left join paid p on p.charity_id = o.charity_id left join transferred x on x.pledge_id = o.pledge_id
      where o.pledge_id in (${ids})
      group by o.pledge_id
    `);
    return new Map(
      rowsOf<{ pledge_id: string; payable: string; passed: string }>(rows).map((row) => [
        row.pledge_id,
        { payableCents: Number(row.payable), passedCents: Number(row.passed) },
      ]),
    );
  },
  /**
   * Which pledges each payout of the charity carried, in the order `pledgesPassedOn` applies
   * payouts (oldest campaign first, then each campaign's money as it was booked): a payout covers
   * the next stretch of the charity's campaign money, and each pledge whose money lies in that
   * stretch is listed with the part of it the payout carried. What a payout carried beyond the
   * campaigns' money (donations from /charities) is returned with no pledge.
   */
  async carriedByPayouts(db: Executor, charityId: string): Promise<{ payoutId: string; pledgeId: string | null; eventId: string | null; cents: number }[]> {
    const rows = await db.execute(sql`
      with ${campaignMoneyInPayoutOrder(sql`${charityId}::uuid`)}, ${recordedPayoutsInOrder(charityId)}
      select p.id as payout_id, o.pledge_id, o.event_id,
        sum(least(o.before + o.amount_cents, paid.paid_before + paid.amount_cents) - greatest(o.before, paid.paid_before)) as cents
      from money o
      join paid on o.before < paid.paid_before + paid.amount_cents and o.before + o.amount_cents > paid.paid_before
      join payouts p on p.ledger_transaction_id = paid.id
      where o.amount_cents > 0
      group by p.id, o.pledge_id, o.event_id
    `);
    const carried = rowsOf<{ payout_id: string; pledge_id: string | null; event_id: string | null; cents: string }>(rows).map((row) => ({
      payoutId: row.payout_id,
      pledgeId: row.pledge_id,
      eventId: row.event_id,
      cents: Number(row.cents),
    }));
    // The rest of each payout: more than the campaigns' money, so the charity's donations.
    const payoutRows = await db.select({ id: payouts.id, amountCents: payouts.amountCents }).from(payouts).where(eq(payouts.charityId, charityId));
    const coveredByPayout = new Map<string, number>();
    for (const row of carried) coveredByPayout.set(row.payoutId, (coveredByPayout.get(row.payoutId) ?? 0) + row.cents);
    for (const payout of payoutRows) {
      const covered = coveredByPayout.get(payout.id) ?? 0;
      if (Number(payout.amountCents) > covered)
        carried.push({ payoutId: payout.id, pledgeId: null, eventId: null, cents: Number(payout.amountCents) - covered });
    }
    return carried;
  },
  /** What each charity has received: its payouts, from the ledger. */
  async paidCentsByCharity(db: Executor): Promise<Map<string, number>> {
    const balances = await payoutsRepository.balances(db);
    return new Map([...balances].map(([charityId, balance]) => [charityId, balance.paidCents]));
  },
};
