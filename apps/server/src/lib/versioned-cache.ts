/**
 * A bounded in-process cache whose entries are dropped when the database
 * announces a change (see plugins/app/change-feed.ts). Read-through with a
 * version check, so a change announced while a value was being read is never
 * cached over: take `version()` before reading, `set(key, value, version)` after.
 * While the change feed is down the cache is off (`enabled = false`).
 */
export class VersionedCache<K, V> {
  private readonly entries = new Map<K, { value: V; storedAt: number }>();
  private generation = 0;
  enabled = false;

  constructor(
    private readonly opts: { ttlMs: number; maxEntries: number },
  ) {}

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
    if (!this.enabled || versionAtRead !== this.generation) return;
    if (this.entries.size >= this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, storedAt: now });
  }

  invalidate(key: K): void {
    this.generation++;
    this.entries.delete(key);
  }

  invalidateWhere(predicate: (value: V, key: K) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (predicate(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
