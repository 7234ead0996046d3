/**
 * A small per-instance cache for public reads (docs/decisions/062-public-read-cache.md).
 *
 * - An entry lives at most `ttlMs` (1 s by default): the bound on how stale another instance's
 *   write can look here, and on writes that happen outside a request (jobs).
 * - `clear()` runs after every successful write request of this instance, so its own writes are
 *   visible at once. A load that started before a clear is answered but not kept.
 * - Concurrent misses of one key share one load, so a burst of visitors costs one query.
 * - With `refreshAheadMs`, a hit in the last `refreshAheadMs` of an entry's life starts its next
 *   load in the background and is answered from memory: under steady traffic an entry is replaced
 *   before it expires and no request waits for a load. What is served is never older than before.
 * - At most `maxEntries` keys, the oldest dropped first, so memory stays flat under load.
 * - `markStale()` is the gentler `clear()` for what is costly to make (a server-rendered page,
 *   decision 105): entries are kept and still answered until their time to live ends, and the
 *   next hit of each starts one load in the background (with `staleReloadAfterMs`, not before the
 *   entry is that old: a page that changes with every pledge is rendered a few times a second, not
 *   back to back). Under a stream of writes (a money bomb:
 *   hundreds a second) a clear per write would throw away every load before it finished and
 *   leave visitors waiting for loads that are never kept; this way what is served is never older
 *   than `ttlMs` and never waits.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number; generation: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  /** The generation each running load began in. */
  private readonly loadGenerations = new Map<string, number>();
  private generation = 0;
  /** The generation `clear()` started: loads begun before it are not kept. */
  private cleared = 0;

  constructor(
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      refreshAheadMs?: number;
      /** After `markStale()`, an entry whose load began less than this long ago is answered without a new load. */
      staleReloadAfterMs?: number;
    } = { ttlMs: 1000, maxEntries: 500 },
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Counts `clear()` and `markStale()` calls: a load begun in a later generation saw what came before. */
  get currentGeneration(): number {
    return this.generation;
  }

  /**
   * `get`, but only a value loaded in `generation` or later is answered (a writer reading its own
   * write after `markStale()`): a newer entry is served, a load begun since is joined, otherwise a
   * load starts. Loads of several writers' reads are shared as `get` shares them.
   */
  async getLoadedSince(generation: number, key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now() && hit.generation >= generation) return hit.value;
    const running = this.loading.get(key);
    if (running && (this.loadGenerations.get(key) ?? -1) >= generation) return running;
    return this.startLoad(key, load, keep);
  }

  /** `keep` decides whether a loaded value is worth keeping (default: all). */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    return (await this.getServed(key, load, keep)).value;
  }

  /**
   * `get`, also saying whether the value answered was loaded before the last `markStale()`: a
   * write may have changed it, so whoever shows it should ask again (a server-rendered page's
   * browser does, decision 105).
   */
  async getServed(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<{ value: V; stale: boolean }> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.expiresAt > now) {
      const loadedAt = hit.expiresAt - this.options.ttlMs;
      const stale = hit.generation !== this.generation;
      const staleDue = stale && now - loadedAt >= (this.options.staleReloadAfterMs ?? 0);
      const due = staleDue || hit.expiresAt - now <= (this.options.refreshAheadMs ?? 0);
      if (due && !this.loading.has(key)) {
        // A failed refresh is not kept; the request after the expiry loads again and sees the error.
        this.startLoad(key, load, keep).catch(() => undefined);
      }
      return { value: hit.value, stale };
    }
    const loadedFor = this.loading.has(key) ? (this.loadGenerations.get(key) ?? this.generation) : this.generation;
    const value = await (this.loading.get(key) ?? this.startLoad(key, load, keep));
    return { value, stale: loadedFor !== this.generation };
  }

  private startLoad(key: string, load: () => Promise<V>, keep: (value: V) => boolean): Promise<V> {
    const generation = this.generation;
    const startedAt = this.now();
    const promise = load().then(
      (value) => {
        if (this.loading.get(key) === promise) this.forgetLoad(key);
        if (keep(value)) this.keepLoaded(key, value, generation, startedAt);
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === promise) this.forgetLoad(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    this.loadGenerations.set(key, generation);
    return promise;
  }

  private forgetLoad(key: string) {
    this.loading.delete(key);
    this.loadGenerations.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.cleared = this.generation;
    this.entries.clear();
    this.loading.clear();
    this.loadGenerations.clear();
  }

  /** Keeps every entry until its expiry, but each one's next hit loads it again (see the class comment). */
  markStale(): void {
    this.generation += 1;
  }

  /**
   * A load that began before the last `clear()` is not kept. One that began before the last
   * `markStale()` is kept (it is newer than what it replaces) but still marked stale, unless a
   * newer load already replaced it.
   */
  private keepLoaded(key: string, value: V, generation: number, startedAt: number) {
    if (generation < this.cleared) return;
    const current = this.entries.get(key);
    if (current && current.generation > generation) return;
    this.store(key, value, generation, startedAt);
  }

  /** An entry expires `ttlMs` after its load began: what it says is never older than that. */
  private store(key: string, value: V, generation: number, startedAt: number) {
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: startedAt + this.options.ttlMs, generation });
  }
}
