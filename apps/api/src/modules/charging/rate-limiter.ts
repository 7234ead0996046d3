/**
 * Spaces provider requests to at most `perSecond` per instance (a token bucket of one second),
 * so a charge run uses the provider's rate limit without bursts of refusals (docs/product.md#pledge-states).
 */
export interface RateLimiter {
  take(): Promise<void>;
}

export function createRateLimiter(perSecond: number, now: () => number = Date.now): RateLimiter {
  const interval = 1000 / perSecond;
  let nextSlot = 0;
  return {
    async take() {
      const current = now();
      const slot = Math.max(current, nextSlot);
      nextSlot = slot + interval;
      const wait = slot - current;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    },
  };
}
