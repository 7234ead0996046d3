/**
 * The one source of "now" for money windows and reminders (failed-charge window, reminders,
 * account closure, outbox backoff), so tests move time instead of waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at the real time and moves only when told; for tests. */
export interface TestClock extends Clock {
  advance(milliseconds: number): void;
  set(date: Date): void;
}

export function createTestClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(milliseconds) {
      current += milliseconds;
    },
    set(date) {
      current = date.getTime();
    },
  };
}
