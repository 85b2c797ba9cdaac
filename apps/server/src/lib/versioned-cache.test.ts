import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

const make = () => {
  const c = new VersionedCache<number, string>({ ttlMs: 1_000, maxEntries: 3 });
  c.enabled = true;
  return c;
};

describe('VersionedCache', () => {
  it('stores and serves values until their time is up', () => {
    const c = make();
    c.set(1, 'a', c.version(), 0);
    expect(c.get(1, 999)).toBe('a');
    expect(c.get(1, 1_000)).toBeUndefined();
  });
  it('never stores a value read before an invalidation of the same key', () => {
    const c = make();
    const v = c.version();
    c.invalidate(1); // the change arrives while the read is in flight
    c.set(1, 'stale', v);
    expect(c.get(1)).toBeUndefined();
  });
  it('still stores when only other keys changed meanwhile', () => {
    const c = make();
    const v = c.version();
    c.invalidate(2);
    c.set(1, 'fresh', v);
    expect(c.get(1)).toBe('fresh');
  });
  it('treats clear and predicate invalidations as touching every key', () => {
    const c = make();
    const v = c.version();
    c.invalidateWhere(() => false);
    c.set(1, 'x', v);
    expect(c.get(1)).toBeUndefined();
  });
  it('is off while disabled and bounded in size', () => {
    const c = make();
    c.enabled = false;
    c.set(1, 'a', c.version());
    expect(c.get(1)).toBeUndefined();
    c.enabled = true;
    for (let i = 0; i < 5; i++) c.set(i, String(i), c.version());
    expect(c.size).toBe(3);
    expect(c.get(0)).toBeUndefined();
    expect(c.get(4)).toBe('4');
  });
});
