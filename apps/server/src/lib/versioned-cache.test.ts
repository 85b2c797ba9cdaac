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
  it('readThrough: loads once, serves the stored value, and keeps nothing a change made stale while loading', async () => {
    const c = make();
    let loads = 0;
    const load = (value: string | undefined) => () => {
      loads++;
      return Promise.resolve(value);
    };
    expect(await c.readThrough(1, load('a'))).toBe('a');
    expect(await c.readThrough(1, load('b'))).toBe('a');
    expect(loads).toBe(1);
    expect(await c.readThrough(2, load(undefined))).toBeUndefined();
    expect(c.get(2)).toBeUndefined();
    const stale = c.readThrough(3, () => {
      c.invalidate(3); // the change is announced while the read is in flight
      return Promise.resolve('stale');
    });
    expect(await stale).toBe('stale');
    expect(c.get(3)).toBeUndefined();
    c.enabled = false;
    expect(await c.readThrough(1, load('off'))).toBe('off');
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
