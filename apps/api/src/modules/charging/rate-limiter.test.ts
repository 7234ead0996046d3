import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

describe('charge rate limiter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the configured number of requests through per second and spaces the rest', async () => {
    vi.useFakeTimers();
    const limiter = createRateLimiter(4, () => Date.now());
    const passed: number[] = [];
    const takes = Array.from({ length: 8 }, (_, index) => limiter.take().then(() => passed.push(index)));
    await vi.advanceTimersByTimeAsync(0);
    expect(passed).toEqual([0]);
    await vi.advanceTimersByTimeAsync(999);
    expect(passed).toEqual([0, 1, 2, 3]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(passed).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // eslint-disable-next-line structure/concurrency-tag -- the limiter's timers, in memory: no database is involved
    await Promise.all(takes);
  });
});
