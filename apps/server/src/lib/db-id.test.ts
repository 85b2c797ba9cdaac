import { describe, expect, it } from 'vitest';
import { MAX_INT4, toDbId } from './db-id';

describe('toDbId', () => {
  it('reads digits (string or number, surrounding blanks ignored) as a positive id', () => {
    expect(toDbId('42')).toBe(42);
    expect(toDbId(' 7 ')).toBe(7);
    expect(toDbId(19)).toBe(19);
    expect(toDbId('007')).toBe(7);
  });

  it('answers undefined for anything that cannot be an id', () => {
    for (const value of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', '12a', '0x10', '1234567890123456789', 1.5, -3]) {
      expect(toDbId(value), String(value)).toBeUndefined();
    }
  });

  it('refuses ids over the safe integers or over the given maximum', () => {
    expect(toDbId('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(toDbId('9007199254740992')).toBeUndefined();
    expect(toDbId(String(MAX_INT4), MAX_INT4)).toBe(MAX_INT4);
    expect(toDbId(String(MAX_INT4 + 1), MAX_INT4)).toBeUndefined();
  });
});
