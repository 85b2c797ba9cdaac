import { describe, expect, it } from 'vitest';
import { marketMoney, readMarket } from './money';

describe('money by market', () => {
  it('writes the market’s sign in §9’s format, whatever the language', () => {
    expect(marketMoney('MX')(1_000_000)).toBe('$10.000,00');
    expect(marketMoney('IN')(96_800)).toBe('₹968.00');
    expect(marketMoney('IN')(-5)).toBe('-₹0.05');
  });
  it('reads the market an answer names, Mexico when it names none', () => {
    expect(readMarket('IN')).toBe('IN');
    expect(readMarket('MX')).toBe('MX');
    expect(readMarket(undefined)).toBe('MX');
    expect(readMarket('XX')).toBe('MX');
    expect(readMarket('toString')).toBe('MX');
  });
});
