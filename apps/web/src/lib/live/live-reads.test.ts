import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveReadScheduler, LIVE_READ_INTERVAL_MS, LIVE_READ_JITTER_MS, maxReadsPerList } from './live-reads';

type List = 'matches' | 'supporters';

let visible = true;
let reads: { key: List; at: number }[] = [];

function scheduler(random = () => 0.5) {
  return createLiveReadScheduler<List>({ read: (key) => reads.push({ key, at: Date.now() }), isVisible: () => visible, random });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
  visible = true;
  reads = [];
});
afterEach(() => vi.useRealTimers());

describe('createLiveReadScheduler', () => {
  it('reads a list once per interval however often it is asked, each read jittered', () => {
    const live = scheduler();
    // 20 messages a second for 10 s, each asking for both lists.
    for (let tick = 0; tick < 200; tick += 1) {
      live.request('matches');
      live.request('supporters');
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(LIVE_READ_INTERVAL_MS + LIVE_READ_JITTER_MS);
    const matches = reads.filter((read) => read.key === 'matches').map((read) => read.at);
    expect(matches[0]).toBe(LIVE_READ_JITTER_MS / 2);
    for (let index = 1; index < matches.length; index += 1) expect(matches[index]! - matches[index - 1]!).toBeGreaterThanOrEqual(LIVE_READ_INTERVAL_MS);
    expect(matches.length).toBeLessThanOrEqual(maxReadsPerList(10_000 + LIVE_READ_INTERVAL_MS + LIVE_READ_JITTER_MS));
    expect(live.reads('supporters')).toBe(matches.length);
  });

  it('reads nothing when nothing was asked for', () => {
    scheduler();
    vi.advanceTimersByTime(60_000);
    expect(reads).toEqual([]);
  });

  it('spreads the reads of pages told at the same moment over the jitter', () => {
    const first = scheduler(() => 0);
    const last = scheduler(() => 0.99);
    first.request('matches');
    last.request('matches');
    vi.advanceTimersByTime(LIVE_READ_JITTER_MS);
    expect(reads.map((read) => read.at)).toEqual([0, 990]);
  });

  it('reads nothing while the tab is hidden, then once when it is shown', () => {
    const live = scheduler(() => 0);
    visible = false;
    for (let tick = 0; tick < 100; tick += 1) {
      live.request('matches');
      vi.advanceTimersByTime(100);
    }
    expect(reads).toEqual([]);
    visible = true;
    live.visibilityChanged();
    vi.advanceTimersByTime(LIVE_READ_INTERVAL_MS * 3);
    expect(reads).toEqual([{ key: 'matches', at: 10_000 }]);
  });

  it('holds a read that came due while hidden until the tab is shown', () => {
    const live = scheduler(() => 0.5);
    live.request('supporters');
    visible = false;
    vi.advanceTimersByTime(LIVE_READ_JITTER_MS);
    expect(reads).toEqual([]);
    live.visibilityChanged();
    vi.advanceTimersByTime(20_000);
    expect(reads).toEqual([]);
    visible = true;
    live.visibilityChanged();
    vi.advanceTimersByTime(LIVE_READ_JITTER_MS);
    expect(reads).toEqual([{ key: 'supporters', at: 21_500 }]);
  });

  it('reads nothing after it is stopped', () => {
    const live = scheduler();
    live.request('matches');
    live.stop();
    vi.advanceTimersByTime(LIVE_READ_INTERVAL_MS * 2);
    expect(reads).toEqual([]);
  });
});

describe('maxReadsPerList', () => {
  it('allows one read at once and one per interval after it', () => {
    expect(maxReadsPerList(10_000, 5_000)).toBe(3);
    expect(maxReadsPerList(4_999, 5_000)).toBe(1);
  });
});
