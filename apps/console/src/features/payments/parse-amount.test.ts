import { describe, expect, it } from 'vitest';
import { minorFromMajor } from './parse-amount';

describe('an amount typed in major units', () => {
  it('becomes integer minor units from its digits, never through a float', () => {
    expect(0.29 * 100).not.toBe(29); // why: the float way is wrong
    expect(minorFromMajor('0.29')).toBe(29);
    expect(minorFromMajor('0,29')).toBe(29);
    expect(minorFromMajor('19.99')).toBe(1999);
    expect(minorFromMajor('1234.5')).toBe(123450);
    expect(minorFromMajor(' 1234,56 ')).toBe(123456);
    expect(minorFromMajor('1234')).toBe(123400);
    expect(minorFromMajor('0')).toBe(0);
    expect(minorFromMajor('90071992547409.91')).toBe(9007199254740991);
  });

  it('is refused when it is not an amount, or could be read two ways', () => {
    for (const text of ['', '.', '1.', ',5', '1.005', '1.500,00', '1,234.56', '1 234', '-5', '+5', '1e3', '12a', '90071992547409.92'])
      expect(minorFromMajor(text), text).toBeUndefined();
  });
});
