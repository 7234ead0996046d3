import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pledges } from '../../db/schema.ts';

/**
 * Charge attempts are claimed before the provider is called (decision 091): the claimant writes
 * `attempt_started_at` under the pledge's row lock, and only it calls the provider. A claim older
 * than the lease is presumed abandoned (its process died, or its answer was lost): the next worker
 * takes the attempt over and first finds out what it did. A minute also covers the delay of
 * Stripe's search index, so a lost charge is found by `findCharge` once the lease has passed.
 */
export const ATTEMPT_LEASE_MS = 60_000;

/** How long a concurrent duplicate request waits for the claimant's answer before it answers 409. */
const DUPLICATE_WAIT_MS = 5_000;
const DUPLICATE_POLL_MS = 50;

export const ATTEMPT_MESSAGES = {
  inProgress: 'A payment for this pledge is already being processed. Please refresh the page in a minute.',
} as const;

export type ClaimState = {
  /** This caller holds the attempt now and alone may call the provider. */
  claimed: boolean;
  /** The claim this one replaced (an attempt taken over), or the claim in flight that stopped this one. */
  previousStartedAt: Date | null;
  /** When the attempt in flight was first claimed (its key's age), however often it was taken over since. */
  firstClaimedAt: Date | null;
  status: string;
  retryCount: number;
};

const asDate = (value: unknown): Date | null => (value == null ? null : value instanceof Date ? value : new Date(String(value)));

/** Whether a claim started at `startedAt` is still held by a live claimant at `now`. */
export function claimIsFresh(startedAt: Date | null, now: Date): boolean {
  return startedAt !== null && now.getTime() - startedAt.getTime() < ATTEMPT_LEASE_MS;
}

/**
 * Claims attempt `attempt` of a pending pledge, or of a failed one whose retry was claimed and then
 * abandoned, in one statement: the row is locked, and the claim written only when no live claim
 * holds it. Returns the row's state as the lock saw it.
 */
export async function claimAttempt(db: Executor, pledgeId: string, attempt: number, now: Date): Promise<ClaimState | undefined> {
  return (await claimAttempts(db, [{ pledgeId, attempt }], now)).get(pledgeId);
}

/**
 * Claims a batch's attempts in one statement, each exactly as `claimAttempt` would (the rows are
 * locked in id order, so two batches sharing pledges never deadlock). Keyed by pledge id; a pledge
 * that does not exist is missing. The ids must be distinct.
 */
export function claimAttempts(db: Executor, wanted: { pledgeId: string; attempt: number }[], now: Date): Promise<Map<string, ClaimState>> {
  const claimable = sql`locked.retry_count = locked.wanted_attempt
    and (locked.status = 'pending' or (locked.status = 'failed' and locked.attempt_started_at is not null))`;
  return claimWhen(db, wanted, now, claimable);
}

/**
 * Claims the refund of a charged creator's funding, the same way and in the same columns as a
 * charge attempt: the pledge has no charge attempt left once it is charged, so the columns are free,
 * and recording the refund clears them with its status.
 */
export async function claimRefund(db: Executor, pledgeId: string, now: Date): Promise<ClaimState | undefined> {
  const claims = await claimWhen(db, [{ pledgeId, attempt: 0 }], now, sql`locked.status = 'charged' and locked.is_creator_pledge`);
  return claims.get(pledgeId);
}

async function claimWhen(db: Executor, wanted: { pledgeId: string; attempt: number }[], now: Date, claimable: SQL): Promise<Map<string, ClaimState>> {
  if (!wanted.length) return new Map();
  const staleBefore = new Date(now.getTime() - ATTEMPT_LEASE_MS).toISOString();
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
      where pledges.id = locked.id and ${claimable}
        and (locked.attempt_started_at is null or locked.attempt_started_at <= ${staleBefore})
      returning pledges.id
    )
    select locked.id, locked.status, locked.retry_count, locked.attempt_started_at, locked.attempt_first_claimed_at,
        locked.id in (select id from claimed) as claimed
      from locked`);
  const claims = new Map<string, ClaimState>();
  for (const row of result.rows as {
    id: string;
    status: string;
    retry_count: number;
    attempt_started_at: unknown;
    attempt_first_claimed_at: unknown;
    claimed: boolean;
  }[]) {
    const previousStartedAt = asDate(row.attempt_started_at);
    claims.set(row.id, {
      claimed: Boolean(row.claimed),
      previousStartedAt,
      firstClaimedAt: asDate(row.attempt_first_claimed_at) ?? previousStartedAt,
      status: row.status,
      retryCount: Number(row.retry_count),
    });
  }
  return claims;
}

/**
 * Gives up a claim whose provider call failed without an answer. The claim stays (the outcome is
 * still unknown, and its first claim still dates the key), but its lease ends now, so the next try
 * takes the attempt over at once instead of waiting for the lease.
 */
export async function releaseClaim(db: Executor, pledgeId: string, attempt: number, now: Date): Promise<void> {
  const leaseOver = new Date(now.getTime() - ATTEMPT_LEASE_MS).toISOString();
  await db
    .update(pledges)
    .set({ attemptStartedAt: sql`least(${pledges.attemptStartedAt}, ${leaseOver})` })
    .where(and(eq(pledges.id, pledgeId), eq(pledges.retryCount, attempt), isNotNull(pledges.attemptStartedAt)));
}

/** The columns of a new claim at `now`, and of none once an outcome is recorded. */
export const newClaim = (now: Date) => ({ attemptStartedAt: now, attemptFirstClaimedAt: now });
export const noClaim = { attemptStartedAt: null, attemptFirstClaimedAt: null } as const;

/**
 * A concurrent duplicate of a request whose attempt is in flight waits for the claimant's answer,
 * so a double click gets the first answer again. Returns the pledge once the attempt is recorded,
 * or undefined when it is still unknown after the wait (the caller then answers 409).
 */
export async function waitForAttempt(db: Executor, pledgeId: string): Promise<typeof pledges.$inferSelect | undefined> {
  const until = Date.now() + DUPLICATE_WAIT_MS;
  for (;;) {
    const [row] = await db.select().from(pledges).where(eq(pledges.id, pledgeId)).limit(1);
    if (!row || row.attemptStartedAt === null) return row;
    if (Date.now() > until) return undefined;
    await new Promise((resolve) => setTimeout(resolve, DUPLICATE_POLL_MS));
  }
}
