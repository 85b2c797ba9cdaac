import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aadhaarFor, checkAadhaar, maskAadhaar, verhoeffCheckDigit } from './aadhaar';

const elevenDigits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 10 })
  .chain((rest) => fc.integer({ min: 2, max: 9 }).map((first) => String(first) + rest.join('')));

describe('Aadhaar', () => {
  it('computes Verhoeff\'s published examples: 236 → 3, 52118513337 → 6', () => {
    expect(verhoeffCheckDigit('236')).toBe('3');
    expect(verhoeffCheckDigit('52118513337')).toBe('6');
    expect(checkAadhaar('521185133376')).toBeNull();
    expect(checkAadhaar('5211 8513 3376')).toBeNull();
  });

  it('names the fault: format (length, digits, a leading 0 or 1), check digit', () => {
    expect(checkAadhaar('52118513337')).toBe('format');
    expect(checkAadhaar('5211851333766')).toBe('format');
    expect(checkAadhaar('52118513337A')).toBe('format');
    expect(checkAadhaar('121185133376')).toBe('format');
    expect(checkAadhaar('021185133376')).toBe('format');
    expect(checkAadhaar('521185133375')).toBe('checkDigit');
  });

  it('masks all but the last four', () => {
    expect(maskAadhaar('3376')).toBe('XXXX XXXX 3376');
  });

  it('makes valid numbers from a seed, the same for the same seed', () => {
    fc.assert(fc.property(fc.nat(), (seed) => checkAadhaar(aadhaarFor(seed)) === null && aadhaarFor(seed) === aadhaarFor(seed)));
  });

  it('detects every single-digit change', () => {
    fc.assert(
      fc.property(elevenDigits, fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 9 }), (digits, at, shift) => {
        const n = digits + verhoeffCheckDigit(digits);
        const changed = n.slice(0, at) + String((Number(n[at]) + shift) % 10) + n.slice(at + 1);
        return checkAadhaar(changed) !== null;
      }),
    );
  });

  it('detects every swap of two adjacent different digits', () => {
    fc.assert(
      fc.property(elevenDigits, fc.integer({ min: 0, max: 10 }), (digits, at) => {
        const n = digits + verhoeffCheckDigit(digits);
        fc.pre(n[at] !== n[at + 1]);
        const swapped = n.slice(0, at) + n[at + 1] + n[at] + n.slice(at + 2);
        return checkAadhaar(swapped) !== null;
      }),
    );
  });
});
