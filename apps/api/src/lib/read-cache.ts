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
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; refreshAheadMs?: number } = { ttlMs: 1000, maxEntries: 500 },
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** `keep` decides whether a loaded value is worth keeping (default: all). */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.expiresAt > now) {
      if (hit.expiresAt - now <= (this.options.refreshAheadMs ?? 0) && !this.loading.has(key)) {
        // A failed refresh is not kept; the request after the expiry loads again and sees the error.
        this.startLoad(key, load, keep).catch(() => undefined);
      }
      return hit.value;
    }
    return this.loading.get(key) ?? this.startLoad(key, load, keep);
  }

  private startLoad(key: string, load: () => Promise<V>, keep: (value: V) => boolean): Promise<V> {
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        if (generation === this.generation && keep(value)) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  private store(key: string, value: V) {
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
  }
}
