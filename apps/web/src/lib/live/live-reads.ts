/**
 * How often an open live page may read a list again (decision 129): at most once per list every
 * LIVE_READ_INTERVAL_MS, each read delayed by up to LIVE_READ_JITTER_MS so that thousands of pages
 * told of the same change do not read at the same instant, and never while the tab is hidden (one
 * read of what was asked for when it is shown again). Pure logic: the clock, the randomness and
 * the visibility are passed in, so the rule is tested with fake timers and run by the bench's
 * simulated pages as it is by the browser.
 */
export const LIVE_READ_INTERVAL_MS = 5_000;
export const LIVE_READ_JITTER_MS = 1_000;

export interface LiveReadClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LiveReadOptions<Key extends string> {
  /** Reads one list (invalidates its query in the browser, sends the request in the bench). */
  read(key: Key): void;
  isVisible(): boolean;
  clock?: LiveReadClock;
  random?: () => number;
  intervalMs?: number;
  jitterMs?: number;
}

export interface LiveReadScheduler<Key extends string> {
  /** Asks for a read of `key`: done once the list's interval since its last read is over, jittered, while visible. */
  request(key: Key): void;
  /** Tell it the tab was shown (or hidden): the reads asked for while hidden are scheduled once. */
  visibilityChanged(): void;
  /** How many reads of `key` it has made. */
  reads(key: Key): number;
  /** Cancels the reads waiting (the screen closed); a later request starts afresh. */
  stop(): void;
}

const systemClock: LiveReadClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface ListState {
  /** When the last read began; -Infinity before the first. */
  lastRead: number;
  timer: unknown;
  /** Asked for while hidden: read once the tab is shown. */
  waitingForVisible: boolean;
  count: number;
}

export function createLiveReadScheduler<Key extends string>(options: LiveReadOptions<Key>): LiveReadScheduler<Key> {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const interval = options.intervalMs ?? LIVE_READ_INTERVAL_MS;
  const jitter = options.jitterMs ?? LIVE_READ_JITTER_MS;
  const lists = new Map<Key, ListState>();

  const stateOf = (key: Key) => {
    let state = lists.get(key);
    if (!state) {
      state = { lastRead: -Infinity, timer: undefined, waitingForVisible: false, count: 0 };
      lists.set(key, state);
    }
    return state;
  };

  function fire(key: Key, state: ListState) {
    state.timer = undefined;
    if (!options.isVisible()) {
      state.waitingForVisible = true;
      return;
    }
    state.lastRead = clock.now();
    state.count += 1;
    options.read(key);
  }

  function request(key: Key) {
    const state = stateOf(key);
    // One read already waits: it reads whatever has changed by then.
    if (state.timer !== undefined) return;
    if (!options.isVisible()) {
      state.waitingForVisible = true;
      return;
    }
    const earliest = Math.max(clock.now(), state.lastRead + interval);
    const delay = earliest - clock.now() + random() * jitter;
    state.timer = clock.setTimeout(() => fire(key, state), delay);
  }

  return {
    request,
    visibilityChanged() {
      if (!options.isVisible()) return;
      for (const [key, state] of lists) {
        if (!state.waitingForVisible) continue;
        state.waitingForVisible = false;
        request(key);
      }
    },
    reads: (key) => lists.get(key)?.count ?? 0,
    stop() {
      for (const state of lists.values()) if (state.timer !== undefined) clock.clearTimeout(state.timer);
      lists.clear();
    },
  };
}

/** The bound the rule gives: reads of one list in `windowMs` (the first at once, then one per interval). */
export function maxReadsPerList(windowMs: number, intervalMs = LIVE_READ_INTERVAL_MS): number {
  return Math.floor(windowMs / intervalMs) + 1;
}
