import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pledges } from '../../db/schema.ts';
import { ATTEMPT_LEASE_MS } from '../../lib/attempt-lease.ts';
import { pledgeChargeStateRepository, type ClaimKind } from '../pledges/index.ts';

// The lease lives below the modules, so monthly giving keeps it without depending on charging.
export { ATTEMPT_LEASE_MS, claimIsFresh } from '../../lib/attempt-lease.ts';

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
  return claimWhen(db, wanted, now, 'attempt');
}

/**
 * Claims the refund of a charged creator's funding, the same way and in the same columns as a
 * charge attempt: the pledge has no charge attempt left once it is charged, so the columns are free,
 * and recording the refund clears them with its status.
 */
export async function claimRefund(db: Executor, pledgeId: string, now: Date): Promise<ClaimState | undefined> {
  const claims = await claimWhen(db, [{ pledgeId, attempt: 0 }], now, 'refund');
  return claims.get(pledgeId);
}

/** A claim of `kind` on each pledge wanted, with the lease of the claims it finds in force. */
async function claimWhen(db: Executor, wanted: { pledgeId: string; attempt: number }[], now: Date, kind: ClaimKind): Promise<Map<string, ClaimState>> {
  const staleBefore = new Date(now.getTime() - ATTEMPT_LEASE_MS);
  const claims = new Map<string, ClaimState>();
  for (const row of await pledgeChargeStateRepository.claim(db, kind, wanted, now, staleBefore)) {
    claims.set(row.id, {
      claimed: row.claimed,
      previousStartedAt: row.attemptStartedAt,
      firstClaimedAt: row.attemptFirstClaimedAt ?? row.attemptStartedAt,
      status: row.status,
      retryCount: row.retryCount,
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
  await pledgeChargeStateRepository.releaseClaim(db, pledgeId, attempt, new Date(now.getTime() - ATTEMPT_LEASE_MS));
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
