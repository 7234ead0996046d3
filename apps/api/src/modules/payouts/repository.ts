import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { charities, ledgerEntries } from '../../db/schema.ts';
import { payouts } from './tables.ts';

export type PayoutRow = typeof payouts.$inferSelect;

/** SQL of payouts: balances come from the ledger, never from a stored total. */
export const payoutsRepository = {
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
   * What of one campaign reached its charity: the charity's payouts are applied to its campaigns'
   * payables oldest campaign first, so a campaign shows money passed on only once it was paid.
   */
  async passedOnCents(db: Executor, eventId: string, charityId: string): Promise<number> {
    const rows = (await db.execute(sql`
      with campaign as (
        select e.event_id, min(t.created_at) as first_at, sum(e.amount_cents) as payable
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.account = 'charity_payable' and e.charity_id = ${charityId} and e.event_id is not null
        group by e.event_id
      ), ordered as (
        select event_id, payable,
          coalesce(sum(payable) over (order by first_at, event_id rows between unbounded preceding and 1 preceding), 0) as before
        from campaign
      ), paid as (
        select coalesce(sum(amount_cents), 0) as total from ledger_entries where account = 'charity_paid' and charity_id = ${charityId}
      )
      select greatest(0, least(o.payable, paid.total - o.before)) as passed from ordered o, paid where o.event_id = ${eventId}
    `)) as unknown as { rows?: { passed: string }[] } | { passed: string }[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    return Number(list[0]?.passed ?? 0);
  },
};
