import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { charities, events, ledgerEntries, users } from '../../db/schema.ts';
import { charityConnectAccounts, charityTransfers } from './tables.ts';

export type ConnectAccountRow = typeof charityConnectAccounts.$inferSelect;
export type MovementRow = typeof charityTransfers.$inferSelect;
export type NewMovement = typeof charityTransfers.$inferInsert;

/** The kinds of ledger transaction that make a charity's share payable from one charge. */
const SOURCE_KINDS = sql.raw(`('pledge_charge', 'match_charge', 'match_top_up', 'funding_settlement', 'donation')`);

export interface DueSource {
  sourceTransactionId: string;
  eventId: string | null;
  pledgeId: string | null;
  donationId: string | null;
  chargeRef: string;
  amountCents: number;
}

const num = (value: unknown) => Number(value ?? 0);

/** SQL of charities on Connect: accounts, transfers and reversals (decisions 130, 131). */
export const connectRepository = {
  /** One transfer with its charity's and campaign's names: what a `transfer.made` webhook event describes. */
  async transferWithNames(db: Executor, id: string) {
    const [row] = await db
      .select({ transfer: charityTransfers, charityName: charities.name, campaignName: events.name })
      .from(charityTransfers)
      .innerJoin(charities, eq(charities.id, charityTransfers.charityId))
      .leftJoin(events, eq(events.id, charityTransfers.eventId))
      .where(eq(charityTransfers.id, id))
      .limit(1);
    return row;
  },
  async account(db: Executor, charityId: string): Promise<ConnectAccountRow | undefined> {
    const [row] = await db.select().from(charityConnectAccounts).where(eq(charityConnectAccounts.charityId, charityId)).limit(1);
    return row;
  },

  /** A connected account by the provider's reference (`acct_…`), as a webhook names it. */
  async accountByRef(db: Executor, provider: string, accountRef: string): Promise<ConnectAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(charityConnectAccounts)
      .where(and(eq(charityConnectAccounts.provider, provider), eq(charityConnectAccounts.accountRef, accountRef)))
      .limit(1);
    return row;
  },

  async accounts(db: Executor): Promise<ConnectAccountRow[]> {
    return db.select().from(charityConnectAccounts);
  },

  /** The first account made for a charity stays its account: a racing second insert finds it. */
  async insertAccount(db: Executor, values: typeof charityConnectAccounts.$inferInsert): Promise<ConnectAccountRow> {
    await db.insert(charityConnectAccounts).values(values).onConflictDoNothing({ target: charityConnectAccounts.charityId });
    return (await connectRepository.account(db, values.charityId))!;
  },

  async updateAccount(
    db: Executor,
    charityId: string,
    state: Pick<ConnectAccountRow, 'detailsSubmitted' | 'payoutsEnabled' | 'requirementsDue'>,
    now: Date,
  ): Promise<ConnectAccountRow | undefined> {
    const [row] = await db
      .update(charityConnectAccounts)
      .set({ ...state, updatedAt: now })
      .where(eq(charityConnectAccounts.charityId, charityId))
      .returning();
    return row;
  },

  /**
   * Records that these requirements were told; true only for the one caller that changed the row
   * (two refreshes at once e-mail once).
   */
  async markRequirementsTold(db: Executor, charityId: string, due: string[]): Promise<boolean> {
    const told = JSON.stringify(due);
    const rows = await db
      .update(charityConnectAccounts)
      .set({ requirementsToldFor: due })
      .where(and(eq(charityConnectAccounts.charityId, charityId), sql`${charityConnectAccounts.requirementsToldFor} <> ${told}::jsonb`))
      .returning({ id: charityConnectAccounts.charityId });
    return rows.length > 0;
  },

  async charity(db: Executor, charityId: string): Promise<{ id: string; name: string; legalName: string; registrationNumber: string } | undefined> {
    const [row] = await db
      .select({ id: charities.id, name: charities.name, legalName: charities.legalName, registrationNumber: charities.registrationNumber })
      .from(charities)
      .where(eq(charities.id, charityId))
      .limit(1);
    return row;
  },

  /** The lock a payout and a dispute take: movements of one charity's payable are booked one at a time. */
  async lockCharity(tx: Executor, charityId: string): Promise<void> {
    await tx.select({ id: charities.id }).from(charities).where(eq(charities.id, charityId)).for('update');
  },

  async payableCents(tx: Executor, charityId: string): Promise<number> {
    const [row] = await tx
      .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'charity_payable'), eq(ledgerEntries.charityId, charityId)));
    return num(row?.cents);
  },

  /**
   * The charges whose share a transfer must now carry to this charity (decision 131): booked since
   * its account was made and not yet transferred; a campaign's once its charge run has finished
   * and no pledge of it waits in the failed-charge window, the pledge still charged (not in a
   * dispute); a donation's from an earlier day (UTC) and not disputed. Oldest first.
   */
  async dueSources(tx: Executor, charityId: string, since: Date, dayStart: Date): Promise<DueSource[]> {
    const result = await tx.execute(sql`
      select t.id as source_id, t.event_id, t.pledge_id, e.amount_cents,
        case when t.kind = 'donation' then (t.memo->>'donationId') end as donation_id,
        coalesce(p.provider_charge_ref, t.provider_ref) as charge_ref
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id and e.account = 'charity_payable' and e.charity_id = ${charityId} and e.amount_cents > 0
      left join pledges p on p.id = t.pledge_id
      left join charge_runs r on r.event_id = t.event_id
      where t.kind in ${SOURCE_KINDS} and t.created_at >= ${since.toISOString()}
        and not exists (select 1 from charity_transfers c where c.source_transaction_id = t.id and c.kind = 'transfer' and c.dispute_id is null)
        and (
          (t.kind = 'donation' and t.created_at < ${dayStart.toISOString()}
            and not exists (select 1 from disputes d where d.donation_id::text = t.memo->>'donationId'))
          or (t.kind <> 'donation' and p.status = 'charged' and r.status = 'finished'
            and not exists (select 1 from pledges q where q.charge_run_id = r.id and q.status = 'failed'))
        )
      order by t.created_at, t.id`);
    return (result.rows as Record<string, unknown>[])
      .filter((row) => typeof row.charge_ref === 'string')
      .map((row) => ({
        sourceTransactionId: String(row.source_id),
        eventId: (row.event_id as string | null) ?? null,
        pledgeId: (row.pledge_id as string | null) ?? null,
        donationId: (row.donation_id as string | null) ?? null,
        chargeRef: String(row.charge_ref),
        amountCents: num(row.amount_cents),
      }));
  },

  /**
   * The charity's share of charges booked since its account was made that no transfer carries yet
   * (charged, or a funding settled; not disputed): what transfers will carry once due.
   */
  async untransferredSinceCents(tx: Executor, charityId: string, since: Date): Promise<number> {
    const result = await tx.execute(sql`
      select coalesce(sum(e.amount_cents), 0) as cents
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id and e.account = 'charity_payable' and e.charity_id = ${charityId} and e.amount_cents > 0
      left join pledges p on p.id = t.pledge_id
      where t.kind in ${SOURCE_KINDS} and t.created_at >= ${since.toISOString()}
        and not exists (select 1 from charity_transfers c where c.source_transaction_id = t.id and c.kind = 'transfer' and c.dispute_id is null)
        and ((t.kind = 'donation' and not exists (select 1 from disputes d where d.donation_id::text = t.memo->>'donationId')) or p.status = 'charged')`);
    return num((result.rows[0] as Record<string, unknown> | undefined)?.cents);
  },

  /** Movements not yet made: transfers pending, in flight or held for an admin, and reversals to make. */
  async pendingCents(tx: Executor, charityId: string): Promise<{ transfers: number; reversals: number }> {
    const [row] = await tx
      .select({
        transfers: sql<string>`coalesce(sum(${charityTransfers.amountCents}) filter (where ${charityTransfers.kind} = 'transfer'), 0)`,
        reversals: sql<string>`coalesce(sum(${charityTransfers.amountCents}) filter (where ${charityTransfers.kind} = 'reversal'), 0)`,
      })
      .from(charityTransfers)
      .where(and(eq(charityTransfers.charityId, charityId), inArray(charityTransfers.status, ['pending', 'held', 'manual_review'])));
    return { transfers: num(row?.transfers), reversals: num(row?.reversals) };
  },

  async insertMovement(tx: Executor, values: NewMovement): Promise<MovementRow | undefined> {
    const [row] = await tx.insert(charityTransfers).values(values).onConflictDoNothing({ target: charityTransfers.idempotencyKey }).returning();
    return row;
  },

  async byId(db: Executor, id: string): Promise<MovementRow | undefined> {
    const [row] = await db.select().from(charityTransfers).where(eq(charityTransfers.id, id)).limit(1);
    return row;
  },

  /** Pending movements, reversals first (money owed back before money sent again), oldest first. */
  async pendingIds(db: Executor): Promise<string[]> {
    const rows = await db
      .select({ id: charityTransfers.id })
      .from(charityTransfers)
      .where(eq(charityTransfers.status, 'pending'))
      .orderBy(desc(charityTransfers.kind), asc(charityTransfers.createdAt));
    return rows.map((row) => row.id);
  },

  /**
   * Claims a pending movement for one provider call (decision 091): one statement, so of any number
   * of workers at once one gets the row; a claim older than the lease is taken over.
   */
  async claim(db: Executor, id: string, now: Date, staleBefore: Date): Promise<MovementRow | undefined> {
    const [row] = await db
      .update(charityTransfers)
      .set({ attemptStartedAt: now, attemptFirstClaimedAt: sql`coalesce(${charityTransfers.attemptFirstClaimedAt}, ${now.toISOString()}::timestamptz)` })
      .where(
        and(
          eq(charityTransfers.id, id),
          eq(charityTransfers.status, 'pending'),
          or(isNull(charityTransfers.attemptStartedAt), lte(charityTransfers.attemptStartedAt, staleBefore)),
        ),
      )
      .returning();
    return row;
  },

  /** Ends a claim without a movement: `startedAt` null (the provider refused: nothing was made) or a lease back (no answer: unknown). */
  async releaseClaim(db: Executor, id: string, startedAt: Date | null, error: string): Promise<void> {
    await db
      .update(charityTransfers)
      .set({ attemptStartedAt: startedAt, lastError: error.slice(0, 500) })
      .where(and(eq(charityTransfers.id, id), eq(charityTransfers.status, 'pending')));
  },

  /** The provider answered another amount: the movement waits for an admin, and no run sends it again. */
  async hold(db: Executor, id: string, error: string): Promise<void> {
    await db
      .update(charityTransfers)
      .set({ status: 'held', attemptStartedAt: null, lastError: error.slice(0, 500) })
      .where(and(eq(charityTransfers.id, id), eq(charityTransfers.status, 'pending')));
  },

  /** An admin's look-up of a held movement: one statement, so of racing admins one gets it (claimed, as a send would be). */
  async claimHeld(db: Executor, id: string, now: Date): Promise<MovementRow | undefined> {
    const [row] = await db
      .update(charityTransfers)
      .set({ status: 'pending', attemptStartedAt: now })
      .where(and(eq(charityTransfers.id, id), eq(charityTransfers.status, 'held')))
      .returning();
    return row;
  },

  async markManualReview(db: Executor, id: string): Promise<MovementRow | undefined> {
    const [row] = await db
      .update(charityTransfers)
      .set({ status: 'manual_review', attemptStartedAt: null })
      .where(and(eq(charityTransfers.id, id), eq(charityTransfers.status, 'held')))
      .returning();
    return row;
  },

  async markMade(tx: Executor, id: string, made: { providerRef: string; ledgerTransactionId: string; now: Date }): Promise<MovementRow | undefined> {
    const [row] = await tx
      .update(charityTransfers)
      .set({
        status: 'made',
        providerRef: made.providerRef,
        ledgerTransactionId: made.ledgerTransactionId,
        madeAt: made.now,
        attemptStartedAt: null,
        lastError: null,
      })
      .where(and(eq(charityTransfers.id, id), eq(charityTransfers.status, 'pending')))
      .returning();
    return row;
  },

  /** The transfers made that carried this pledge's or donation's charge, with what their reversals (made or due) already take back. */
  async transfersOf(tx: Executor, carried: { pledgeId: string | null; donationId: string | null }) {
    const where = carried.pledgeId ? eq(charityTransfers.pledgeId, carried.pledgeId) : eq(charityTransfers.donationId, carried.donationId ?? '');
    const rows = await tx.select().from(charityTransfers).where(where).orderBy(asc(charityTransfers.createdAt));
    return rows
      .filter((row) => row.kind === 'transfer' && row.status === 'made')
      .map((transfer) => ({
        transfer,
        leftCents:
          transfer.amountCents - rows.filter((row) => row.kind === 'reversal' && row.reversesId === transfer.id).reduce((sum, row) => sum + row.amountCents, 0),
      }));
  },

  /** A transfer of this charge never sent to the provider, dropped when a dispute stops it (the job makes it again once due). */
  async dropUnsentTransfers(tx: Executor, carried: { pledgeId: string | null; donationId: string | null }): Promise<void> {
    const where = carried.pledgeId ? eq(charityTransfers.pledgeId, carried.pledgeId) : eq(charityTransfers.donationId, carried.donationId ?? '');
    await tx
      .delete(charityTransfers)
      .where(and(where, eq(charityTransfers.kind, 'transfer'), eq(charityTransfers.status, 'pending'), isNull(charityTransfers.attemptFirstClaimedAt)));
  },

  async reversalsOfDispute(tx: Executor, disputeId: string): Promise<MovementRow[]> {
    return tx
      .select()
      .from(charityTransfers)
      .where(and(eq(charityTransfers.disputeId, disputeId), eq(charityTransfers.kind, 'reversal')));
  },

  async listForCharity(db: Executor, charityId: string): Promise<MovementRow[]> {
    return db.select().from(charityTransfers).where(eq(charityTransfers.charityId, charityId)).orderBy(desc(charityTransfers.createdAt));
  },

  /** Per charity: payable and paid in the ledger, and what transfers carried and reversals took back. */
  async balances(db: Executor, charityIds: string[]) {
    if (!charityIds.length) return new Map<string, { payable: number; transferred: number; reversed: number }>();
    const ledger = await db
      .select({ charityId: ledgerEntries.charityId, payable: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'charity_payable'), inArray(ledgerEntries.charityId, charityIds)))
      .groupBy(ledgerEntries.charityId);
    const moved = await db
      .select({
        charityId: charityTransfers.charityId,
        transferred: sql<string>`coalesce(sum(${charityTransfers.amountCents}) filter (where ${charityTransfers.kind} = 'transfer' and ${charityTransfers.status} = 'made'), 0)`,
        reversed: sql<string>`coalesce(sum(${charityTransfers.amountCents}) filter (where ${charityTransfers.kind} = 'reversal' and ${charityTransfers.status} = 'made'), 0)`,
      })
      .from(charityTransfers)
      .where(inArray(charityTransfers.charityId, charityIds))
      .groupBy(charityTransfers.charityId);
    const map = new Map<string, { payable: number; transferred: number; reversed: number }>();
    for (const id of charityIds) map.set(id, { payable: 0, transferred: 0, reversed: 0 });
    for (const row of ledger) if (row.charityId) map.get(row.charityId)!.payable = num(row.payable);
    for (const row of moved) Object.assign(map.get(row.charityId)!, { transferred: num(row.transferred), reversed: num(row.reversed) });
    return map;
  },

  async adminEmails(db: Executor): Promise<string[]> {
    const rows = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
    return rows.map((row) => row.email);
  },

  async listCharities(db: Executor) {
    return db.select({ id: charities.id, name: charities.name }).from(charities).orderBy(asc(charities.name));
  },

  /** What a movement carried: its pledge's supporter (as they chose to be named), campaign and charge, or its donation. */
  async carried(db: Executor, rows: MovementRow[]) {
    const pledgeIds = [...new Set(rows.flatMap((row) => (row.pledgeId ? [row.pledgeId] : [])))];
    const donationIds = [...new Set(rows.flatMap((row) => (row.donationId ? [row.donationId] : [])))];
    const pledgesResult = pledgeIds.length
      ? await db.execute(sql`
          select p.id, p.charged_cents, p.anonymous, p.display_name, u.name as user_name, ev.id as event_id, ev.name as event_name
          from pledges p left join users u on u.id = p.user_id join events ev on ev.id = p.event_id
          where p.id in (${sql.join(
            pledgeIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`)
      : { rows: [] };
    const donationsResult = donationIds.length
      ? await db.execute(sql`
          select d.id, d.amount_cents, d.full_name from charity_donations d
          where d.id in (${sql.join(
            donationIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`)
      : { rows: [] };
    return { pledges: pledgesResult.rows as Record<string, unknown>[], donations: donationsResult.rows as Record<string, unknown>[] };
  },
};
