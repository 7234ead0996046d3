/**
 * The lease of a charge attempt's claim (decision 091), for pledges and monthly gifts alike: the
 * claimant writes `attempt_started_at` under the row's lock, and only it calls the provider. A claim
 * older than the lease is presumed abandoned (its process died, or its answer was lost): the next
 * worker takes the attempt over and first finds out what it did. A minute also covers the delay of
 * Stripe's search index, so a lost charge is found by `findCharge` once the lease has passed.
 */
export const ATTEMPT_LEASE_MS = 60_000;

/** Whether a claim started at `startedAt` is still held by a live claimant at `now`. */
export function claimIsFresh(startedAt: Date | null, now: Date): boolean {
  return startedAt !== null && now.getTime() - startedAt.getTime() < ATTEMPT_LEASE_MS;
}
