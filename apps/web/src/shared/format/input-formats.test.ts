import { describe, expect, it } from 'vitest';
import { formatBankCard, formatDigits, formatPhone, truncateTo, unformat } from '@/shared/format/input-formats';

describe('input formats (§5)', () => {
  it('phone: strips non-digits, keeps 11 digits, groups 3-4-4', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('138')).toBe('138');
    expect(formatPhone('1380')).toBe('138 0');
    expect(formatPhone('13800138')).toBe('138 0013 8');
    expect(formatPhone('13800138000')).toBe('138 0013 8000');
    expect(formatPhone('+1 (380) 013-8000 99')).toBe('138 0013 8000');
    expect(formatPhone('138 0013 80001')).toBe('138 0013 8000');
  });

  it('phone: re-formatting a formatted value is stable (controlled input)', () => {
    const once = formatPhone('13800138000');
    expect(formatPhone(once)).toBe(once);
    expect(formatPhone('138 0013 800')).toBe('138 0013 800');
  });

  it('bank card: strips non-digits and groups by 4', () => {
    expect(formatBankCard('6222021234567890')).toBe('6222 0212 3456 7890');
    expect(formatBankCard('6222-0212-345')).toBe('6222 0212 345');
    expect(formatBankCard('62220212345678901234')).toBe('6222 0212 3456 7890 123');
    expect(formatBankCard('abc')).toBe('');
  });

  it('number: digits only, optional limit', () => {
    expect(formatDigits('a1b2c3')).toBe('123');
    expect(formatDigits('12,345.67')).toBe('1234567');
    expect(formatDigits('123456', 4)).toBe('1234');
  });

  it('money keyboard truncates; unformat gives the raw digits', () => {
    expect(truncateTo('123456', 4)).toBe('1234');
    expect(unformat('138 0013 8000')).toBe('13800138000');
  });
});
