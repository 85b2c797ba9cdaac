import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CLABE_ORDER_ID, clabeCheckDigit, clabeForOrder, isValidClabe, orderIdFromClabe, parseClabe } from './clabe';

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
