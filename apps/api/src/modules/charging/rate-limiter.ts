import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';

/**
 * Spaces provider requests to at most `perSecond` (a request every 1/perSecond s), so a charge run
 * uses the provider's rate limit without bursts of refusals (docs/product.md#pledge-states).
 */
export interface RateLimiter {
  take(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** In memory: right where one process owns the database (the embedded one, decision 128). */
export function createRateLimiter(perSecond: number, now: () => number = Date.now): RateLimiter {
  const interval = 1000 / perSecond;
  let nextSlot = 0;
  return {
    async take() {
      const current = now();
      const slot = Math.max(current, nextSlot);
      nextSlot = slot + interval;
      const wait = slot - current;
      if (wait > 0) await sleep(wait);
    },
  };
}

/**
 * Takes the account's next slot and moves it on by one interval, in one statement: the row lock
 * of the upsert orders the instances, and the database clock times them all. Returns how long to
 * wait for the slot taken.
 */
const TAKE_SLOT = `
  insert into charge_rate_slots as slot (account, next_slot_at)
  values ($1, clock_timestamp() + make_interval(secs => $2::double precision))
  on conflict (account) do update
    set next_slot_at = greatest(slot.next_slot_at, clock_timestamp()) + make_interval(secs => $2::double precision)
  returning greatest(0, extract(epoch from (next_slot_at - clock_timestamp())) - $2::double precision)::float8 * 1000 as wait_ms`;

/**
 * Shared by every instance on one PostgreSQL (decision 195): N instances charging at once together
 * stay within the account's `perSecond`, as the provider counts per account, not per process.
 */
export function createSharedRateLimiter(database: Database, account: string, perSecond: number): RateLimiter {
  const intervalSeconds = 1 / perSecond;
  return {
    async take() {
      const [row] = await database.prepared<{ wait_ms: number }>(TAKE_SLOT, [account, intervalSeconds]);
      const wait = Number(row!.wait_ms);
      if (wait > 0) await sleep(wait);
    },
  };
}

/** The provider account the limit belongs to: the sandbox, or the Stripe account the secret key names (hashed, so no key is stored). */
export function providerAccount(stripeSecretKey: string | undefined): string {
  return stripeSecretKey ? `stripe:${createHash('sha256').update(stripeSecretKey).digest('hex').slice(0, 16)}` : 'sandbox';
}
