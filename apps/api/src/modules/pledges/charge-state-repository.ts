import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pledges } from '../../db/schema.ts';

/**
 * Which pledges a claim may take (decision 091): attempt `attempt` of a pending pledge, or of a
 * failed one whose retry was claimed and then abandoned; or the refund of a charged creator's
 * funding, in the same columns (a charged pledge has no charge attempt left, so they are free).
 */
const CLAIMABLE = {
  attempt: () => sql`locked.retry_count = locked.wanted_attempt
    and (locked.status = 'pending' or (locked.status = 'failed' and locked.attempt_started_at is not null))`,
  refund: () => sql`locked.status = 'charged' and locked.is_creator_pledge`,
};
export type ClaimKind = keyof typeof CLAIMABLE;

/** A pledge's row as a claim's row lock saw it, and whether this claim took it. */
export interface LockedClaim {
  id: string;
  status: string;
  retryCount: number;
  attemptStartedAt: Date | null;
  attemptFirstClaimedAt: Date | null;
  claimed: boolean;
}

const asDate = (value: unknown): Date | null => (value == null ? null : value instanceof Date ? value : new Date(String(value)));

/**
 * SQL of a pledge's charge state, written by the charging module (claims, outcomes, a run's
 * pledges) and the creator's funding; every function takes the caller's transaction, so the
 * change commits with its ledger posting, and none adds a round trip to the charge path (decision 117).
 */
export const pledgeChargeStateRepository = {
  async update(tx: Executor, pledgeId: string, values: Partial<typeof pledges.$inferInsert>): Promise<void> {
    await tx
      .update(pledges)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(pledges.id, pledgeId));
  },
  /** A batch's charged pledges in one statement: each its provider's charge, fee and reference; no claim left. */
  async markCharged(
    tx: Executor,
    charged: { pledgeId: string; chargedCents: number; cardFeeCents: number; providerChargeRef: string }[],
    now: Date,
  ): Promise<void> {
    if (!charged.length) return;
    const rows = sql.join(
      charged.map((row) => sql`(${row.pledgeId}::uuid, ${row.chargedCents}::bigint, ${row.cardFeeCents}::bigint, ${row.providerChargeRef}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      update pledges set status = 'charged', charged_cents = answer.charged_cents, card_fee_cents = answer.card_fee_cents,
          provider_charge_ref = answer.ref, charged_at = ${now.toISOString()}, failure_reason = null, failure_code = null, next_reminder_at = null,
          attempt_started_at = null, attempt_first_claimed_at = null, updated_at = ${new Date().toISOString()}
        from (values ${rows}) as answer (id, charged_cents, card_fee_cents, ref)
       where pledges.id = answer.id`);
  },
  /** Puts every pending pledge of the campaign in the run; returns their ids. */
  async claimPendingForRun(tx: Executor, eventId: string, runId: string): Promise<string[]> {
    const rows = await tx
      .update(pledges)
      .set({ chargeRunId: runId, updatedAt: new Date() })
      .where(and(eq(pledges.eventId, eventId), eq(pledges.status, 'pending'), isNull(pledges.chargeRunId)))
      .returning({ id: pledges.id });
    return rows.map((row) => row.id);
  },
  /**
   * Claims a batch in one statement: the rows are locked in id order (two batches sharing pledges
   * never deadlock), and the claim written where `kind` allows it and no claim started after
   * `staleBefore` holds the row. A pledge that does not exist is missing; the ids must be distinct.
   */
  async claim(db: Executor, kind: ClaimKind, wanted: { pledgeId: string; attempt: number }[], now: Date, staleBefore: Date): Promise<LockedClaim[]> {
    if (!wanted.length) return [];
    const rows = sql.join(
      wanted.map(({ pledgeId, attempt }) => sql`(${pledgeId}::uuid, ${attempt}::int)`),
      sql`, `,
    );
    const result = await db.execute(sql`
    with wanted (id, attempt) as (values ${rows}), locked as (
      select pledges.id, status, is_creator_pledge, retry_count, attempt_started_at, attempt_first_claimed_at, wanted.attempt as wanted_attempt
        from pledges join wanted on wanted.id = pledges.id order by pledges.id for update of pledges
    ), claimed as (
      update pledges set attempt_started_at = ${now.toISOString()}, updated_at = now(),
        attempt_first_claimed_at = coalesce(locked.attempt_first_claimed_at, locked.attempt_started_at, ${now.toISOString()})
      from locked
      where pledges.id = locked.id and ${CLAIMABLE[kind]()}
        and (locked.attempt_started_at is null or locked.attempt_started_at <= ${staleBefore.toISOString()})
      returning pledges.id
    )
    select locked.id, locked.status, locked.retry_count, locked.attempt_started_at, locked.attempt_first_claimed_at,
        locked.id in (select id from claimed) as claimed
      from locked`);
    return (
      result.rows as { id: string; status: string; retry_count: number; attempt_started_at: unknown; attempt_first_claimed_at: unknown; claimed: boolean }[]
    ).map((row) => ({
      id: row.id,
      status: row.status,
      retryCount: Number(row.retry_count),
      attemptStartedAt: asDate(row.attempt_started_at),
      attemptFirstClaimedAt: asDate(row.attempt_first_claimed_at),
      claimed: Boolean(row.claimed),
    }));
  },
  /** Ends the lease of attempt `attempt`'s claim at `leaseOver` at the latest; the claim itself stays. */
  async releaseClaim(db: Executor, pledgeId: string, attempt: number, leaseOver: Date): Promise<void> {
    await db
      .update(pledges)
      .set({ attemptStartedAt: sql`least(${pledges.attemptStartedAt}, ${leaseOver.toISOString()})` })
      .where(and(eq(pledges.id, pledgeId), eq(pledges.retryCount, attempt), isNotNull(pledges.attemptStartedAt)));
  },
};
