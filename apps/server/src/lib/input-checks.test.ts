import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { containsNul, jsonTextProblem, MAX_JSON_DEPTH } from './input-checks';

const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe('jsonTextProblem', () => {
  it(`allows nesting up to ${MAX_JSON_DEPTH} levels, refuses one more`, () => {
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH + 1))).toBe('too_deep');
    expect(jsonTextProblem('{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1))).toBe('too_deep');
    // Siblings do not add up: depth is nesting, not count.
    expect(jsonTextProblem(`[${Array.from({ length: 100 }, () => nested(MAX_JSON_DEPTH - 1)).join(',')}]`)).toBeUndefined();
  });

  it('finds a NUL escape or a raw NUL, and only in earnest', () => {
    expect(jsonTextProblem('{"orderNo":"PR\\u00001"}')).toBe('nul');
    expect(jsonTextProblem('{"a\\u0000b":1}')).toBe('nul');
    expect(jsonTextProblem('{"a":"x\u0000y"}')).toBe('nul');
    expect(jsonTextProblem('\u0000')).toBe('nul');
    // An escaped backslash followed by the text u0000 is not a NUL; neither is \u00001 split differently.
    expect(jsonTextProblem('{"a":"\\\\u0000"}')).toBeUndefined();
    expect(jsonTextProblem('{"a":"\\u0001\\u1000"}')).toBeUndefined();
    expect(jsonTextProblem('{"a":"\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')).toBeUndefined();
  });

  it('brackets inside strings are text', () => {
    expect(jsonTextProblem(JSON.stringify({ a: '['.repeat(1000), b: '{'.repeat(1000) }))).toBeUndefined();
  });

  it('agrees with JSON.parse on random values: NUL iff a string or key holds one, depth as built', () => {
    const value = fc.letrec((tie) => ({
      any: fc.oneof({ depthSize: 'small' }, fc.string({ unit: 'binary', maxLength: 6 }), fc.integer(), tie('arr'), tie('obj')),
      arr: fc.array(tie('any'), { maxLength: 3 }),
      obj: fc.dictionary(fc.string({ unit: 'binary', maxLength: 4 }), tie('any'), { maxKeys: 3 }),
    })).any;
    fc.assert(
      fc.property(value, (v) => {
        const text = JSON.stringify(v);
        expect(jsonTextProblem(text, 1000) === 'nul').toBe(containsNul(v));
      }),
      { numRuns: 150 },
    );
  });

  it('takes a million levels in one pass, without recursion', () => {
    const started = Date.now();
    expect(jsonTextProblem(nested(1_000_000))).toBe('too_deep');
    expect(jsonTextProblem(nested(1_000_000), 2_000_000)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('containsNul', () => {
  it('looks at every string and key at any depth, walking without recursion', () => {
    expect(containsNul({ a: ['x', { b: 'y\u0000' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul(Object.assign(Object.create(null) as object, { a: ['ok'] }))).toBe(false);
    expect(containsNul([1, true, null, undefined, 'fine'])).toBe(false);
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(containsNul(deep)).toBe(true);
  });
});
