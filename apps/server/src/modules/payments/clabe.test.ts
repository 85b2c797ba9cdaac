import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CLABE_ORDER_ID,
  MAX_RANGE_CLABE_ORDER_ID,
  clabeCheckDigit,
  clabeForOrder,
  clabeForOrderInRange,
  isValidClabe,
  orderIdFromClabe,
  orderIdFromRangeClabe,
  parseClabe,
} from './clabe';

const stp = { bankCode: '646', plaza: '180' };
const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });

describe('clabeCheckDigit / isValidClabe: known CLABEs', () => {
  it('002010077777777771, the classic example: weights 3,7,1 → products mod 10 sum to 69 → check 1', () => {
    // digits 0 0 2 0 1 0 0 7 7 7 7 7 7 7 7 7 7 × 3 7 1 3 7 1 …: 0,0,2,0,7,0,0,9,7,1,9,7,1,9,7,1,9 = 69
    expect(clabeCheckDigit('00201007777777777')).toBe(1);
    expect(isValidClabe('002010077777777771')).toBe(true);
  });

  it('032180000118359719 (Wikipedia example): products mod 10 sum to 61 → check 9', () => {
    expect(clabeCheckDigit('03218000011835971')).toBe(9);
    expect(isValidClabe('032180000118359719')).toBe(true);
  });

  it('check 0 when the sum is a multiple of 10', () => {
    expect(clabeCheckDigit('00000000000000000')).toBe(0);
    expect(isValidClabe('000000000000000000')).toBe(true);
  });

  it('refuses a wrong check digit, wrong lengths, separators and non-ASCII digits', () => {
    for (const bad of ['002010077777777770', '00201007777777777', '0020100777777777710', '002 010 07777777777 1', '00201007777777777١', '', ' 002010077777777771']) {
      expect(isValidClabe(bad)).toBe(false);
    }
    expect(() => clabeCheckDigit('0020100777777777')).toThrow(RangeError);
    expect(() => clabeCheckDigit('0020100777777777a')).toThrow(RangeError);
  });

  it('parseClabe splits bank, plaza, account and check digit', () => {
    expect(parseClabe('032180000118359719')).toEqual({ bankCode: '032', plaza: '180', account: '00011835971', checkDigit: 9 });
    expect(parseClabe('032180000118359710')).toBeNull();
  });
});

describe('clabeForOrder', () => {
  it('STP 646 / plaza 180 + zero-padded order id + check digit', () => {
    // 6 4 6 1 8 0 0 0 0 0 0 0 0 0 0 4 2 × 3 7 1 3 7 1 3 7 1 3 7 1 3 7 1 3 7
    // products mod 10: 8 8 6 3 6 0 … 0 2 4 = 37 → check (10 − 7) mod 10 = 3
    const clabe = clabeForOrder(42, stp);
    expect(clabe).toBe('646180000000000423');
    expect(isValidClabe(clabe)).toBe(true);
    expect(clabeForOrder(MAX_CLABE_ORDER_ID, stp).slice(6, 17)).toBe('99999999999');
  });

  it('is deterministic and reversible', () => {
    expect(clabeForOrder(123_456, stp)).toBe(clabeForOrder(123_456, stp));
    expect(orderIdFromClabe(clabeForOrder(123_456, stp), stp)).toBe(123_456);
  });

  it('orderIdFromClabe: null for another bank or plaza, or an invalid CLABE', () => {
    const clabe = clabeForOrder(7, stp);
    expect(orderIdFromClabe(clabe, { bankCode: '646', plaza: '010' })).toBeNull();
    expect(orderIdFromClabe(clabe, { bankCode: '002', plaza: '180' })).toBeNull();
    expect(orderIdFromClabe(`${clabe.slice(0, 17)}${(Number(clabe[17]) + 1) % 10}`, stp)).toBeNull();
  });

  it('refuses ids outside 0..10^11−1 and malformed issuers', () => {
    for (const id of [-1, 1.5, 10 ** 11, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => clabeForOrder(id, stp)).toThrow(RangeError);
    expect(() => clabeForOrder(1, { bankCode: '64', plaza: '180' })).toThrow(RangeError);
    expect(() => clabeForOrder(1, { bankCode: '646', plaza: '18a' })).toThrow(RangeError);
  });
});

describe('CLABE properties', () => {
  const orderId = fc.integer({ min: 0, max: MAX_CLABE_ORDER_ID });
  const issuer = fc.record({ bankCode: digits(3), plaza: digits(3) });

  it('every generated CLABE is valid, 18 digits, and names its bank, plaza and order', () => {
    fc.assert(
      fc.property(orderId, issuer, (id, iss) => {
        const clabe = clabeForOrder(id, iss);
        expect(clabe).toMatch(/^\d{18}$/);
        expect(isValidClabe(clabe)).toBe(true);
        expect(orderIdFromClabe(clabe, iss)).toBe(id);
      }),
    );
  });

  it('two different orders never share a CLABE', () => {
    fc.assert(
      fc.property(orderId, orderId, (a, b) => {
        fc.pre(a !== b);
        expect(clabeForOrder(a, stp)).not.toBe(clabeForOrder(b, stp));
      }),
    );
  });

  it('any one-digit change (check digit included) is detected', () => {
    fc.assert(
      fc.property(orderId, fc.integer({ min: 0, max: 17 }), fc.integer({ min: 1, max: 9 }), (id, pos, delta) => {
        const clabe = clabeForOrder(id, stp);
        const changed = `${clabe.slice(0, pos)}${(Number(clabe[pos]) + delta) % 10}${clabe.slice(pos + 1)}`;
        expect(isValidClabe(changed)).toBe(false);
      }),
    );
  });

  it('any 17 digits + their check digit validate; any other last digit does not', () => {
    fc.assert(
      fc.property(digits(17), fc.integer({ min: 0, max: 9 }), (first17, last) => {
        expect(isValidClabe(`${first17}${last}`)).toBe(last === clabeCheckDigit(first17));
      }),
    );
  });

  it('documented limit: an adjacent transposition of digits differing by 5 under weights 3 and 7 goes unnoticed', () => {
    // positions 0 (weight 3) and 1 (weight 7): 3a + 7b ≡ 3b + 7a (mod 10) when a − b ≡ 0 (mod 5)
    const first17 = '05000000000000000';
    const swapped = '50000000000000000';
    expect(clabeCheckDigit(first17)).toBe(clabeCheckDigit(swapped));
  });
});

describe('clabeForOrderInRange / orderIdFromRangeClabe: a lender’s 10-digit range', () => {
  const range = '6461801570';

  it('prefix + zero-padded 7-digit order id + check digit', () => {
    // 6 4 6 1 8 0 1 5 7 0 0 0 0 0 0 4 2 × 3 7 1 3 7 1 3 7 1 3 7 1 3 7 1 3 7
    // products mod 10: 8 8 6 3 6 0 3 5 7 0 0 0 0 0 0 2 4 = 52 → check (10 − 2) mod 10 = 8
    expect(clabeForOrderInRange(42, range)).toBe('646180157000000428');
    expect(clabeForOrderInRange(MAX_RANGE_CLABE_ORDER_ID, range).slice(10, 17)).toBe('9999999');
  });

  it('matches CLABEs STP issued in the range 6461801570 (cuenca-mx/stpmex-python README and tests)', () => {
    expect(clabeForOrderInRange(3_632_589, range)).toBe('646180157036325892');
    expect(clabeForOrderInRange(9_999_999, range)).toBe('646180157099999993');
    expect(clabeForOrderInRange(0, range)).toBe('646180157000000004');
    expect(orderIdFromRangeClabe('646180157018877012', range)).toBe(1_887_701);
  });

  it('orderIdFromRangeClabe: null outside the range or for an invalid CLABE', () => {
    const clabe = clabeForOrderInRange(7, range);
    expect(orderIdFromRangeClabe(clabe, range)).toBe(7);
    expect(orderIdFromRangeClabe(clabe, '6461801571')).toBeNull();
    expect(orderIdFromRangeClabe(clabeForOrder(7, stp), range)).toBeNull();
    expect(orderIdFromRangeClabe(`${clabe.slice(0, 17)}${(Number(clabe[17]) + 1) % 10}`, range)).toBeNull();
    expect(orderIdFromRangeClabe(clabe.slice(0, 17), range)).toBeNull();
  });

  it('refuses ids that do not fit in 7 digits (never truncated) and prefixes that are not 10 digits', () => {
    for (const id of [-1, 1.5, 10_000_000, 123_456_789, Number.NaN]) expect(() => clabeForOrderInRange(id, range)).toThrow(RangeError);
    for (const prefix of ['646180157', '64618015700', '646180157a', ' 646180157']) {
      expect(() => clabeForOrderInRange(1, prefix)).toThrow(RangeError);
      expect(() => orderIdFromRangeClabe('646180157000000004', prefix)).toThrow(RangeError);
    }
  });
});

describe('CLABE range properties', () => {
  const orderId = fc.integer({ min: 0, max: MAX_RANGE_CLABE_ORDER_ID });
  const prefix = digits(10);

  it('every CLABE in a range is valid, starts with the prefix and names its order', () => {
    fc.assert(
      fc.property(orderId, prefix, (id, p) => {
        const clabe = clabeForOrderInRange(id, p);
        expect(clabe).toMatch(/^\d{18}$/);
        expect(clabe.startsWith(p)).toBe(true);
        expect(isValidClabe(clabe)).toBe(true);
        expect(orderIdFromRangeClabe(clabe, p)).toBe(id);
      }),
    );
  });

  it('two different orders never share a CLABE in one range', () => {
    fc.assert(
      fc.property(orderId, orderId, prefix, (a, b, p) => {
        fc.pre(a !== b);
        expect(clabeForOrderInRange(a, p)).not.toBe(clabeForOrderInRange(b, p));
      }),
    );
  });

  it('a range CLABE is the bank-and-plaza CLABE of the same 11 digits (one numbering, two views)', () => {
    fc.assert(
      fc.property(orderId, prefix, (id, p) => {
        const clabe = clabeForOrderInRange(id, p);
        const parts = parseClabe(clabe)!;
        expect(`${parts.bankCode}${parts.plaza}${parts.account}`).toBe(clabe.slice(0, 17));
        expect(parts.account.startsWith(p.slice(6))).toBe(true);
      }),
    );
  });

  it('any id beyond 7 digits is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_RANGE_CLABE_ORDER_ID + 1, max: Number.MAX_SAFE_INTEGER }), prefix, (id, p) => {
        expect(() => clabeForOrderInRange(id, p)).toThrow(RangeError);
      }),
    );
  });
});
