/**
 * A small per-instance cache for public reads (docs/decisions/062-public-read-cache.md).
 *
 * - An entry lives at most `ttlMs` (1 s by default): the bound on how stale another instance's
 *   write can look here, and on writes that happen outside a request (jobs).
 * - `clear()` runs after every successful write request of this instance, so its own writes are
 *   visible at once. A load that started before a clear is answered but not kept.
 * - Concurrent misses of one key share one load, so a burst of visitors costs one query.
 * - At most `maxEntries` keys, the oldest dropped first, so memory stays flat under load.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number } = { ttlMs: 1000, maxEntries: 500 },
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** `keep` decides whether a loaded value is worth keeping (default: all). */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        this.loading.delete(key);
        if (generation === this.generation && keep(value)) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
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
