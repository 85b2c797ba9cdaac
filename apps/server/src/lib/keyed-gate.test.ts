import { describe, expect, it } from 'vitest';
import { GateFull, KeyedGate } from './keyed-gate';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe('KeyedGate', () => {
  it('runs one task at a time per key, in arrival order, and at most `concurrency` in all', async () => {
    const gate = new KeyedGate(2, 100);
    let now = 0;
    let peak = 0;
    const perKey = new Map<string, number>();
    const order: string[] = [];
    const task = (key: string, label: string) =>
      gate.run(key, async () => {
        now += 1;
        peak = Math.max(peak, now);
        perKey.set(key, (perKey.get(key) ?? 0) + 1);
        expect(perKey.get(key)).toBe(1);
        await tick();
        order.push(label);
        perKey.set(key, perKey.get(key)! - 1);
        now -= 1;
        return label;
      });
    const results = await Promise.all([task('a', 'a1'), task('a', 'a2'), task('b', 'b1'), task('c', 'c1'), task('a', 'a3')]);
    expect(results).toEqual(['a1', 'a2', 'b1', 'c1', 'a3']);
    expect(peak).toBe(2);
    expect(order.filter((l) => l.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect(gate.size).toBe(0);
  });

  it('a failing task frees its key and its slot', async () => {
    const gate = new KeyedGate(1, 10);
    await expect(gate.run('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run('k', () => Promise.resolve('next'))).resolves.toBe('next');
    expect(gate.size).toBe(0);
  });

  it('refuses at once beyond the waiting limit', async () => {
    const gate = new KeyedGate(1, 2);
    let release!: () => void;
    const blocker = gate.run('k', () => new Promise<void>((resolve) => (release = resolve)));
    const waiting = [gate.run('k', () => Promise.resolve(1)), gate.run('other', () => Promise.resolve(2))];
    await expect(gate.run('k', () => Promise.resolve(3))).rejects.toBeInstanceOf(GateFull);
    release();
    await blocker;
    await expect(Promise.all(waiting)).resolves.toEqual([1, 2]);
  });

  it('does not run a task whose caller gave up while it waited', async () => {
    const gate = new KeyedGate(1, 10);
    let release!: () => void;
    const blocker = gate.run('k', () => new Promise<void>((resolve) => (release = resolve)));
    const gaveUp = new AbortController();
    let ran = false;
    const waiting = gate.run('k', () => {
      ran = true;
      return Promise.resolve();
    }, gaveUp.signal);
    gaveUp.abort(new Error('answered already'));
    await tick();
    release();
    await blocker;
    await expect(waiting).rejects.toThrow('answered already');
    expect(ran).toBe(false);
    expect(gate.size).toBe(0);
    await expect(gate.run('k', () => Promise.resolve('after'))).resolves.toBe('after');
  });
});
