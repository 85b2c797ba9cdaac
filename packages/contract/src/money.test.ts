import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyPpm, divideHalfUp, formatMinor, formatMoney, formatPpmAsPercent, formatPpmAsRate, groupThousands, indianNumbers } from './money';

describe('money display', () => {
  it('divides by 100 with 2 decimals and groups thousands with a dot', () => {
    expect(formatMinor(0)).toBe('0,00');
    expect(formatMinor(5)).toBe('0,05');
    expect(formatMinor(100)).toBe('1,00');
    expect(formatMinor(123456)).toBe('1.234,56');
    expect(formatMinor(100000000)).toBe('1.000.000,00');
    expect(formatMinor(-12345)).toBe('-123,45');
  });
  it('puts the currency sign in front, after a minus', () => {
    expect(formatMoney(123456, '$')).toBe('$1.234,56');
    expect(formatMoney(-50, '₹')).toBe('-₹0,50');
  });
  it('groups bare integers', () => {
    expect(groupThousands(1234567)).toBe('1.234.567');
    expect(groupThousands('999')).toBe('999');
  });
  it('refuses amounts that are not whole minor units', () => {
    expect(() => formatMinor(1.5)).toThrow(RangeError);
  });
  it('round-trips every amount: digits and separators give back the number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        const text = formatMinor(n);
        expect(Number(text.replace(/\./g, '').replace(',', ''))).toBe(n);
      }),
    );
  });
});

describe('Indian numbers (decision 022)', () => {
  it('groups the last three digits, then lakh and crore by two, with a decimal dot', () => {
    expect(formatMinor(0, indianNumbers)).toBe('0.00');
    expect(formatMinor(99_999, indianNumbers)).toBe('999.99');
    expect(formatMinor(2_716_798, indianNumbers)).toBe('27,167.98');
    expect(formatMinor(10_000_000, indianNumbers)).toBe('1,00,000.00');
    expect(formatMinor(1_234_567_890, indianNumbers)).toBe('1,23,45,678.90');
    expect(formatMinor(-5, indianNumbers)).toBe('-0.05');
    expect(formatMoney(10_000_000, '₹', indianNumbers)).toBe('₹1,00,000.00');
    expect(formatMoney(-50, '₹', indianNumbers)).toBe('-₹0.50');
  });
  it('writes rates with a decimal dot and no space before the sign', () => {
    expect(formatPpmAsPercent(433_600, 2, indianNumbers)).toBe('43.36%');
    expect(formatPpmAsRate(365_000, 4, indianNumbers)).toBe('36.5%');
    expect(formatPpmAsRate(180_000, 4, indianNumbers)).toBe('18%');
  });
  it('round-trips every amount in both styles: the digits read back give the same minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (n) => {
        const mx = formatMinor(n);
        expect(mx).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2}$/);
        expect(Number(mx.replace(/\./g, '').replace(',', ''))).toBe(n);
        const india = formatMinor(n, indianNumbers);
        expect(india).toMatch(/^-?(\d{1,2}(,\d{2})*,\d{3}|\d{1,3})\.\d{2}$/);
        expect(Number(india.replace(/,/g, '').replace('.', ''))).toBe(n);
      }),
    );
  });
});

describe('rounding rule HALF_UP', () => {
  it('rounds halves away from zero', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(4n, 3n)).toBe(1n);
    expect(divideHalfUp(5n, 3n)).toBe(2n);
    expect(divideHalfUp(-5n, 2n)).toBe(-3n);
  });
  it('is within half a unit of the exact quotient', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (a, b) => {
        const q = divideHalfUp(a, b);
        expect(2n * (q * b - a) <= b && 2n * (a - q * b) < b).toBe(true);
      }),
    );
  });
  it('applies parts per million', () => {
    expect(applyPpm(100_000, 160_000)).toBe(16_000);
    expect(applyPpm(3, 500_000)).toBe(2);
  });
  it('shows ppm as a percent', () => {
    expect(formatPpmAsPercent(500)).toBe('0,05%');
    expect(formatPpmAsPercent(160_000, 0)).toBe('16%');
    expect(formatPpmAsPercent(65, 4)).toBe('0,0065%');
  });
});
