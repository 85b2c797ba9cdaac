import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDuplicateKey } from './json-duplicate-keys';

describe('findDuplicateKey', () => {
  it('finds a key repeated in one object, at any depth, however it is escaped', () => {
    expect(findDuplicateKey('{"amount":1,"eventId":"e","amount":100000}')).toBe('amount');
    expect(findDuplicateKey('{"a":{"b":1,"b":2}}')).toBe('b');
    expect(findDuplicateKey('[{"x":1},{"y":[{"z":1,"z":1}]}]')).toBe('z');
    expect(findDuplicateKey('{"amount":1, "\\u0061mount":2}')).toBe('amount');
    expect(findDuplicateKey('{"a" : 1 , "a" : 2}')).toBe('a');
  });

  it('accepts the same key in different objects, and keys inside strings', () => {
    expect(findDuplicateKey('{"a":{"a":1},"b":[{"a":1},{"a":2}]}')).toBeUndefined();
    expect(findDuplicateKey('{"note":"\\"note\\":1","x":"\\\\"}')).toBeUndefined();
    expect(findDuplicateKey('{"eventId":"e1","reference":"80000000000018","amount":100,"paidAt":"2025-01-01T00:00:00Z"}')).toBeUndefined();
    expect(findDuplicateKey('"text"')).toBeUndefined();
  });

  it('agrees with a parse of any JSON value: no duplicates in what JSON.stringify writes, one found once a key is repeated', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 5 }), (object) => {
        const text = JSON.stringify(object);
        expect(findDuplicateKey(text)).toBeUndefined();
        const [key, value] = Object.entries(object)[0]!;
        const repeated = `${text.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`;
        expect(findDuplicateKey(repeated)).toBe(key);
      }),
    );
  });
});
