import { describe, expect, it } from 'vitest';
import { maskBankAccount } from './bank-account';

describe('maskBankAccount', () => {
  it('shows only the last 4 digits, ignoring anything but digits', () => {
    expect(maskBankAccount('012180004567891234')).toBe('**** 1234');
    expect(maskBankAccount('0121 8000 4567 89-12-34')).toBe('**** 1234');
    expect(maskBankAccount('12')).toBe('**** 12');
  });

  it('is empty when the account has no digits', () => {
    expect(maskBankAccount('')).toBe('');
    expect(maskBankAccount(' - ')).toBe('');
  });
});
