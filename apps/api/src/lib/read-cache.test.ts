import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

describe('public read cache', () => {
  it('answers from memory within the time to live and loads again after it', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new ReadCache<number>({ ttlMs: 1000, maxEntries: 10 }, () => clock);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses of a key', async () => {
    let loads = 0;
    const cache = new ReadCache<number>();
    // eslint-disable-next-line structure/concurrency-tag -- the cache races in memory, no database: the same on either driver
    const values = await Promise.all(Array.from({ length: 50 }, () => cache.get('a', async () => ++loads)));
    expect(new Set(values)).toEqual(new Set([1]));
    expect(loads).toBe(1);
  });

  it('does not keep a value whose load started before a write cleared the cache', async () => {
    let release!: (value: string) => void;
    const cache = new ReadCache<string>();
    const stale = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    release('before the write');
    expect(await stale).toBe('before the write');
    expect(await cache.get('a', async () => 'after the write')).toBe('after the write');
  });

  it('keeps at most maxEntries keys', async () => {
    const cache = new ReadCache<number>({ ttlMs: 60_000, maxEntries: 3 });
    for (let key = 0; key < 100; key += 1) await cache.get(String(key), async () => key);
    expect(cache.size).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const cache = new ReadCache<number>();
    await expect(cache.get('a', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });
});

describe('public read cache, refreshing ahead', () => {
  it('answers from memory while the next load runs in the last part of the lifetime, then serves what it loaded', async () => {
    let clock = 0;
    let loads = 0;
    let release!: () => void;
    const cache = new ReadCache<number>({ ttlMs: 1000, maxEntries: 10, refreshAheadMs: 200 }, () => clock);
    const load = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const first = cache.get('a', load);
    release();
    expect(await first).toBe(1);
    clock = 799;
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
    clock = 800;
    // The refresh has started but not finished: the cached value answers at once, and only one refresh runs.
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toBe(2);
    clock = 1500;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('keeps the old value when a refresh fails, and a write still clears everything', async () => {
    let clock = 0;
    const cache = new ReadCache<number>({ ttlMs: 1000, maxEntries: 10, refreshAheadMs: 200 }, () => clock);
    expect(await cache.get('a', async () => 1)).toBe(1);
    clock = 900;
    expect(await cache.get('a', () => Promise.reject(new Error('database down')))).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a', async () => 2)).toBe(1);
    cache.clear();
    expect(await cache.get('a', async () => 3)).toBe(3);
  });
});

describe('public read cache, choosing what to keep', () => {
  it('loads again a value it was told not to keep', async () => {
    let loads = 0;
    const cache = new ReadCache<number>();
    const keepEven = (value: number) => value % 2 === 0;
    expect(await cache.get('a', async () => ++loads, keepEven)).toBe(1);
    expect(await cache.get('a', async () => ++loads, keepEven)).toBe(2);
    expect(await cache.get('a', async () => ++loads, keepEven)).toBe(2);
  });
});

describe('public read cache, marked stale by writes (decision 105)', () => {
  it('answers the kept value after a write while one load runs in the background, then serves the new one', async () => {
    let clock = 0;
    let loads = 0;
    const releases: (() => void)[] = [];
    const cache = new ReadCache<number>({ ttlMs: 1000, maxEntries: 10 }, () => clock);
    const load = () => new Promise<number>((resolve) => releases.push(() => resolve(++loads)));
    const first = cache.get('a', load);
    releases.shift()!();
    expect(await first).toBe(1);
    clock = 100;
    cache.markStale();
    // Many requests after the write: all answered at once with the kept page, one load started.
    for (let request = 0; request < 20; request += 1) expect(await cache.get('a', load)).toBe(1);
    expect(releases).toHaveLength(1);
    // More writes while it loads start no second load.
    cache.markStale();
    expect(await cache.get('a', load)).toBe(1);
    expect(releases).toHaveLength(1);
    releases.shift()!();
    await Promise.resolve();
    await Promise.resolve();
    // Its load began before the last write: it is served, and the next hit loads once more.
    expect(await cache.get('a', load)).toBe(2);
    expect(releases).toHaveLength(1);
    releases.shift()!();
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('a', load)).toBe(3);
    expect(releases).toHaveLength(0);
  });

  it('never answers a value older than the time to live, counted from when its load began', async () => {
    let clock = 0;
    let loads = 0;
    let release!: () => void;
    const cache = new ReadCache<number>({ ttlMs: 1000, maxEntries: 10 }, () => clock);
    const load = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const first = cache.get('a', load);
    clock = 400;
    release();
    expect(await first).toBe(1);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1000;
    const next = cache.get('a', load);
    release();
    expect(await next).toBe(2);
  });

  it('does not keep a load that began before a clear', async () => {
    let release!: (value: string) => void;
    const cache = new ReadCache<string>();
    const before = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.markStale();
    cache.clear();
    release('before the clear');
    expect(await before).toBe('before the clear');
    expect(await cache.get('a', async () => 'after the clear')).toBe('after the clear');
  });
});

describe('public read cache, stale entries reloaded at most so often', () => {
  it('answers a stale entry younger than staleReloadAfterMs without loading, and loads it once it is older', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new ReadCache<number>({ ttlMs: 1000, maxEntries: 10, staleReloadAfterMs: 250 }, () => clock);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 100;
    cache.markStale();
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
    clock = 250;
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(2);
    await Promise.resolve();
    expect(await cache.get('a', load)).toBe(2);
  });

  it('says when what it answers was loaded before the last markStale, also to a request that joined a load begun before it', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new ReadCache<number>({ ttlMs: 1000, maxEntries: 10, staleReloadAfterMs: 250 }, () => clock);
    const load = async () => ++loads;
    expect(await cache.getServed('a', load)).toEqual({ value: 1, stale: false });
    cache.markStale();
    expect(await cache.getServed('a', load)).toEqual({ value: 1, stale: true });
    clock = 300;
    expect(await cache.getServed('a', load)).toEqual({ value: 1, stale: true });
    await Promise.resolve();
    expect(await cache.getServed('a', load)).toEqual({ value: 2, stale: false });

    let release = () => {};
    const slow = () => new Promise<number>((resolve) => (release = () => resolve(10)));
    const joined = cache.getServed('b', slow);
    const second = cache.getServed('b', slow);
    cache.markStale();
    release();
    expect(await joined).toEqual({ value: 10, stale: true });
    expect(await second).toEqual({ value: 10, stale: true });
  });
});

describe('public read cache, a writer reading its own write (decision 125)', () => {
  it('answers a writer only what was loaded after its write, sharing that load with other writers', async () => {
    let loads = 0;
    let release!: () => void;
    const cache = new ReadCache<number>({ ttlMs: 1000, maxEntries: 10, staleReloadAfterMs: 250 }, () => 0);
    const load = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const first = cache.get('a', load);
    release();
    expect(await first).toBe(1);

    cache.markStale();
    const wroteAt = cache.currentGeneration;
    // Someone else is served the kept value, younger than staleReloadAfterMs: nothing loads.
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
    // The writer is not: a load starts, and a second writer of the same generation joins it.
    const writer = cache.getLoadedSince(wroteAt, 'a', load);
    const otherWriter = cache.getLoadedSince(wroteAt, 'a', load);
    release();
    expect(await writer).toBe(2);
    expect(await otherWriter).toBe(2);
    expect(loads).toBe(2);
    // What was loaded after the write is kept, and answered to the writer without another load.
    expect(await cache.getLoadedSince(wroteAt, 'a', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('does not answer a writer from a load begun before its write', async () => {
    let loads = 0;
    const releases: (() => void)[] = [];
    const cache = new ReadCache<number>({ ttlMs: 1000, maxEntries: 10 }, () => 0);
    const load = () => new Promise<number>((resolve) => releases.push(() => resolve(++loads)));
    const before = cache.get('a', load);
    cache.markStale();
    const writer = cache.getLoadedSince(cache.currentGeneration, 'a', load);
    expect(releases).toHaveLength(2);
    releases[0]!();
    releases[1]!();
    expect(await before).toBe(1);
    expect(await writer).toBe(2);
  });
});
