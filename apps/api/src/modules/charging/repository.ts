import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { charities, events, paymentMethods, pledges, users } from '../../db/schema.ts';
import { chargeRuns } from './tables.ts';

export type PledgeRow = typeof pledges.$inferSelect;
export type ChargeRunRow = typeof chargeRuns.$inferSelect;

/**
 * SQL of charging: its reads and row locks of pledges, their cards and campaigns; charge runs. The
 * writes to pledges are the pledges module's (`pledgeChargeStateRepository`, decision 101).
 */
export const chargingRepository = {
  /** A pledge with what charging it needs: its card, its campaign, the donor's e-mail. */
  async pledgeForCharge(db: Executor, pledgeId: string) {
    return (await chargingRepository.pledgesForCharge(db, [pledgeId])).get(pledgeId);
  },
  /** A batch's pledges with what charging each needs, by pledge id, in one query. */
  async pledgesForCharge(db: Executor, pledgeIds: string[]) {
    const rows = await db
      .select({
        pledge: pledges,
        method: paymentMethods,
        event: events,
        email: users.email,
        charity: { name: charities.name, legalName: charities.legalName, registrationNumber: charities.registrationNumber, address: charities.address },
      })
      .from(pledges)
      .innerJoin(events, eq(events.id, pledges.eventId))
      .leftJoin(charities, eq(charities.id, events.charityId))
      .leftJoin(paymentMethods, eq(paymentMethods.id, pledges.paymentMethodId))
      .leftJoin(users, eq(users.id, pledges.userId))
      .where(inArray(pledges.id, pledgeIds));
    return new Map(rows.map((row) => [row.pledge.id, row]));
  },
  /** The failed pledge whose last attempt made charge `ref`, with what charging it needs (the failed-window index finds the failed ones). */
  async failedPledgeByChargeRef(db: Executor, ref: string) {
    const [row] = await db
      .select({ id: pledges.id })
      .from(pledges)
      .where(and(eq(pledges.status, 'failed'), eq(pledges.providerChargeRef, ref)))
      .limit(1);
    return row ? chargingRepository.pledgeForCharge(db, row.id) : undefined;
  },
  async lockPledge(tx: Executor, pledgeId: string): Promise<PledgeRow | undefined> {
    const [row] = await tx.select().from(pledges).where(eq(pledges.id, pledgeId)).for('update').limit(1);
    return row;
  },
  /** Row locks on a batch's pledges, taken in id order (two batches sharing pledges never deadlock). */
  async lockPledges(tx: Executor, pledgeIds: string[]): Promise<Map<string, PledgeRow>> {
    const rows = await tx.select().from(pledges).where(inArray(pledges.id, pledgeIds)).orderBy(pledges.id).for('update');
    return new Map(rows.map((row) => [row.id, row]));
  },
  async runForEvent(db: Executor, eventId: string): Promise<ChargeRunRow | undefined> {
    const [row] = await db.select().from(chargeRuns).where(eq(chargeRuns.eventId, eventId)).limit(1);
    return row;
  },
  async runById(db: Executor, runId: string): Promise<ChargeRunRow | undefined> {
    const [row] = await db.select().from(chargeRuns).where(eq(chargeRuns.id, runId)).limit(1);
    return row;
  },
  /** The run's row lock: the transactions recording its last outcomes take turns, so one of them sees none pending. */
  async lockRun(tx: Executor, runId: string): Promise<void> {
    await tx.select({ id: chargeRuns.id }).from(chargeRuns).where(eq(chargeRuns.id, runId)).for('update');
  },
  /** Pledges joined a running run (matches, fixed once the supporters' outcomes are known). */
  async growRun(tx: Executor, runId: string, added: number): Promise<void> {
    await tx
      .update(chargeRuns)
      .set({ total: sql`${chargeRuns.total} + ${added}` })
      .where(eq(chargeRuns.id, runId));
  },
  /** Top-ups of matches joined a run after it finished: it runs again until they are charged (the sweep queues them after a crash). */
  async reopenRun(tx: Executor, runId: string, added: number): Promise<void> {
    await tx
      .update(chargeRuns)
      .set({ total: sql`${chargeRuns.total} + ${added}`, status: 'running', finishedAt: null })
      .where(eq(chargeRuns.id, runId));
  },
  async insertRun(tx: Executor, values: typeof chargeRuns.$inferInsert): Promise<ChargeRunRow> {
    const [row] = await tx.insert(chargeRuns).values(values).returning();
    return row!;
  },
  /** A run begins charging: its outcome and size are fixed; without pledges to charge it is finished at once. */
  async beginRun(
    tx: Executor,
    runId: string,
    values: Pick<ChargeRunRow, 'outcome' | 'total' | 'startedAt' | 'startedBy' | 'finishedAt'>,
  ): Promise<ChargeRunRow> {
    const [row] = await tx
      .update(chargeRuns)
      .set({ ...values, status: values.finishedAt ? 'finished' : 'running' })
      .where(eq(chargeRuns.id, runId))
      .returning();
    return row!;
  },
  /**
   * The run is finished once none of its pledges is still pending. Run after the outcome's commit
   * (never inside it: two last outcomes in flight would each see the other's pledge pending).
   */
  async finishRunIfDone(db: Executor, runId: string, now: Date): Promise<void> {
    await db
      .update(chargeRuns)
      .set({ status: 'finished', finishedAt: now })
      .where(
        and(
          eq(chargeRuns.id, runId),
          eq(chargeRuns.status, 'running'),
          sql`not exists (select 1 from pledges where charge_run_id = ${runId} and status = 'pending')`,
        ),
      );
  },
  /** Runs left running with nothing pending: their last outcome's process stopped before finishing them. */
  async finishDoneRuns(db: Executor, now: Date): Promise<void> {
    await db
      .update(chargeRuns)
      .set({ status: 'finished', finishedAt: now })
      .where(and(eq(chargeRuns.status, 'running'), sql`not exists (select 1 from pledges where charge_run_id = ${chargeRuns.id} and status = 'pending')`));
  },
  /**
   * A run's pledges by outcome. The creator's funding (charged at submission, settled or refunded
   * by the run) and the sponsors' match charges are counted in the run's totals and also reported
   * apart, so a screen can count supporters' pledges alone.
   */
  async runCounts(db: Executor, runId: string) {
    const rows = await db
      .select({
        status: pledges.status,
        kind: pledges.kind,
        isCreatorPledge: pledges.isCreatorPledge,
        n: sql<string>`count(*)`,
        charged: sql<string>`coalesce(sum(${pledges.chargedCents}), 0)`,
      })
      .from(pledges)
      .where(eq(pledges.chargeRunId, runId))
      .groupBy(pledges.status, pledges.kind, pledges.isCreatorPledge);
    // A disputed charge was charged: it counts as charged, and the run reports the disputes still open apart.
    const charged = new Set(['charged', 'disputed', 'dispute_lost']);
    const tally = (of: typeof rows) => {
      const count = (status: string) => of.filter((row) => row.status === status).reduce((sum, row) => sum + Number(row.n), 0);
      return {
        total: of.reduce((sum, row) => sum + Number(row.n), 0),
        charged: count('charged') + count('disputed') + count('dispute_lost'),
        failed: count('failed') + count('dropped'),
        released: count('released') + count('refunded'),
        pending: count('pending'),
        chargedCents: of.filter((row) => charged.has(row.status)).reduce((sum, row) => sum + Number(row.charged), 0),
      };
    };
    const funding = rows.find((row) => row.isCreatorPledge);
    return {
      ...tally(rows),
      supporters: tally(rows.filter((row) => !row.isCreatorPledge && row.kind === 'pledge')),
      matches: tally(rows.filter((row) => row.kind === 'match')),
      funding: funding ? { status: funding.status, chargedCents: Number(funding.charged) } : null,
    };
  },
  /** A campaign's pledges not charged yet (what a close releases, what a run claims), for the life-cycle preview. */
  async unchargedPledges(db: Executor, eventId: string) {
    return db
      .select({
        status: pledges.status,
        kind: pledges.kind,
        isCreatorPledge: pledges.isCreatorPledge,
        amountCents: pledges.amountCents,
        tipCents: pledges.tipCents,
        coverCents: pledges.coverCents,
      })
      .from(pledges)
      .where(and(eq(pledges.eventId, eventId), inArray(pledges.status, ['pending', 'failed'])));
  },
  /**
   * Supporters' pledges whose claimed attempt never recorded an outcome (decision 091): a worker or
   * a retry request died between the claim and the record. A creator's funding is settled by the
   * creator's next funding request instead, which knows the card it was paid with.
   */
  async abandonedAttempts(db: Executor, claimedBefore: Date): Promise<string[]> {
    const rows = await db
      .select({ id: pledges.id })
      .from(pledges)
      .where(
        and(
          inArray(pledges.status, ['pending', 'failed']),
          eq(pledges.isCreatorPledge, false),
          sql`${pledges.attemptStartedAt} <= ${claimedBefore.toISOString()}`,
        ),
      );
    return rows.map((row) => row.id);
  },
  /** Pending pledges of runs still running (to queue again after a crash). */
  async pendingOfRunningRuns(db: Executor, startedBefore: Date): Promise<string[]> {
    const rows = await db
      .select({ id: pledges.id })
      .from(pledges)
      .innerJoin(chargeRuns, eq(chargeRuns.id, pledges.chargeRunId))
      .where(and(eq(chargeRuns.status, 'running'), eq(pledges.status, 'pending'), sql`${chargeRuns.startedAt} < ${startedBefore.toISOString()}`));
    return rows.map((row) => row.id);
  },
};
