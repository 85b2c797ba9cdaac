/**
 * A bounded in-process cache whose entries are dropped when the database
 * announces a change (see plugins/app/change-feed.ts). Read-through with a
 * version check, so a change announced while a value was being read is never
 * cached over: take `version()` before reading, `set(key, value, version)` after.
 * Versions are tracked per key, so changes to other keys do not stop a fill.
 * While the change feed is down the cache is off (`enabled = false`).
 */
/** One change announcement of the database: 'order:12' is { kind: 'order', key: '12' } (key '*' when it names none). */
export type Change = { kind: string; key: string };

/** What the change feed needs of a cache: it is on only while the feed listens, and emptied on every (re)connection. */
export type FeedCache = { enabled: boolean; clear(): void };

/**
 * Where a repository puts its caches: under the server's change feed (plugins/app/change-feed.ts), which turns
 * them on while it listens and hands them each change (`onChange` drops what the change makes stale and answers
 * whether it knew the change). Outside the server (the CLI, a test's own repositories) nothing is watched: a cache
 * never registered stays off, so it always misses and every read goes to the database. One code path either way.
 */
export interface CacheFeed {
  /** The caches' time limit (CACHE_TTL_MS); 0: caching off. */
  readonly ttlMs: number;
  watch(cache: FeedCache, onChange: (change: Change) => boolean): void;
}

/** A cache under `feed` (20 000 entries unless said); `onChange` drops from it what a change makes stale. */
export function watchedCache<K, V>(
  feed: CacheFeed,
  onChange: (cache: VersionedCache<K, V>, change: Change) => boolean,
  maxEntries = 20_000,
): VersionedCache<K, V> {
  const cache = new VersionedCache<K, V>({ ttlMs: feed.ttlMs, maxEntries });
  feed.watch(cache, (change) => onChange(cache, change));
  return cache;
}

/** No change feed: every cache stays off. */
export const noCacheFeed: CacheFeed = { ttlMs: 0, watch() {} };

export class VersionedCache<K, V> {
  private readonly entries = new Map<K, { value: V; storedAt: number }>();
  /** Generation of the last invalidation of each key (pruned; see invalidate). */
  private readonly invalidatedAt = new Map<K, number>();
  private generation = 0;
  /** Generation of the last invalidation that may have touched any key. */
  private lastBroadInvalidation = 0;
  enabled = false;

  constructor(private readonly opts: { ttlMs: number; maxEntries: number }) {}

  get(key: K, now = Date.now()): V | undefined {
    if (!this.enabled) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.storedAt >= this.opts.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  version(): number {
    return this.generation;
  }

  set(key: K, value: V, versionAtRead: number, now = Date.now()): void {
    if (!this.enabled) return;
    if (this.lastBroadInvalidation > versionAtRead) return;
    if ((this.invalidatedAt.get(key) ?? -1) > versionAtRead) return;
    if (this.entries.size >= this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, storedAt: now });
  }

  /**
   * The cached value of `key`, else what `load` reads (undefined: nothing to keep), stored unless a change
   * announced while it was being read made it stale. Off (no change feed): just `load`.
   */
  async readThrough(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const version = this.version();
    const value = await load();
    if (value !== undefined) this.set(key, value, version);
    return value;
  }

  invalidate(key: K): void {
    this.generation++;
    this.entries.delete(key);
    if (this.invalidatedAt.size >= this.opts.maxEntries) {
      // Forget per-key history; count it as a broad invalidation for reads in flight.
      this.invalidatedAt.clear();
      this.lastBroadInvalidation = this.generation;
    }
    this.invalidatedAt.set(key, this.generation);
  }

  /** A change that may touch a key this cache cannot name now: nothing stored is dropped, no read in flight is kept. */
  staleInFlight(): void {
    this.generation++;
    this.lastBroadInvalidation = this.generation;
  }

  invalidateWhere(predicate: (value: V, key: K) => boolean): void {
    this.generation++;
    this.lastBroadInvalidation = this.generation;
    for (const [key, entry] of this.entries) if (predicate(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.lastBroadInvalidation = this.generation;
    this.entries.clear();
    this.invalidatedAt.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
