import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keyMapping, scrambleKeys, unscrambleKeys } from './key-mapping';

describe('key mapping', () => {
  it('is a bijection whose scrambled names never collide with readable ones', () => {
    const readable = Object.keys(keyMapping);
    const scrambled = Object.values(keyMapping);
    expect(new Set(scrambled).size).toBe(scrambled.length);
    for (const s of scrambled) expect(readable).not.toContain(s);
  });
  it('scrambles nested keys and reads them back', () => {
    const answer = { orderStatus: '174', userOrderDetail: { detail: [{ text: 'a', value: 'b' }] }, other: 1 };
    const wire = scrambleKeys(answer) as Record<string, unknown>;
    expect(wire).toEqual({ ost: '174', uod: { dtx: [{ txt: 'a', vlu: 'b' }] }, other: 1 });
    expect(unscrambleKeys(wire)).toEqual(answer);
  });
  it('reads plain keys unchanged (fallback) and prefers them over scrambled twins', () => {
    expect(unscrambleKeys({ orderId: '1' })).toEqual({ orderId: '1' });
    expect(unscrambleKeys({ orderId: '1', odx: '2' })).toEqual({ orderId: '1' });
    expect(unscrambleKeys({ odx: '2', orderId: '1' })).toEqual({ orderId: '1' });
  });
  it('round-trips any object built from mapped and unmapped keys', () => {
    const key = fc.constantFrom(...Object.keys(keyMapping), 'free', 'other');
    const tree = fc.letrec((tie) => ({
      node: fc.dictionary(key, fc.oneof(fc.string(), fc.integer(), tie('node'), fc.array(tie('node'), { maxLength: 3 })), { maxKeys: 5 }),
    })).node;
    fc.assert(fc.property(tree, (value) => {
      expect(unscrambleKeys(scrambleKeys(value))).toEqual(value);
    }));
  });
  it('works with another mapping', () => {
    const mapping = { orderId: 'zz' };
    expect(scrambleKeys({ orderId: 1 }, mapping)).toEqual({ zz: 1 });
    expect(unscrambleKeys({ zz: 1 }, mapping)).toEqual({ orderId: 1 });
  });
});
