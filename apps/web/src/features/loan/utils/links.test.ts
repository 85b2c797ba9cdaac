import { describe, expect, it } from 'vitest';
import { isExternalAddress, sessionLinkFromAddress } from './links';

describe('sessionLinkFromAddress', () => {
  it('merges the address, the session parameters and the extras without duplicates', () => {
    window.history.replaceState(null, '', '/confirm-loan?swift=s1&showy=d1&productId=7&orderId=99&language=1');
    const link = sessionLinkFromAddress('/loan-details?orderId=12&productId=1', { from: 'confirm' })!;
    const url = new URL(link, window.location.origin);
    expect(url.pathname).toBe('/loan-details');
    expect(url.searchParams.getAll('orderId')).toEqual(['12']);
    expect(url.searchParams.getAll('productId')).toEqual(['1']);
    expect(url.searchParams.get('swift')).toBe('s1');
    expect(url.searchParams.get('showy')).toBe('d1');
    expect(url.searchParams.get('language')).toBe('1');
    expect(url.searchParams.get('from')).toBe('confirm');
  });

  it('accepts an absolute address of this site', () => {
    window.history.replaceState(null, '', '/x?swift=s1');
    const link = sessionLinkFromAddress(`${window.location.origin}/loan-details?orderId=3`)!;
    expect(link.startsWith('/loan-details?')).toBe(true);
    expect(new URL(link, window.location.origin).searchParams.get('swift')).toBe('s1');
  });

  it('refuses empty addresses and other origins (the session never leaves the site)', () => {
    expect(sessionLinkFromAddress('')).toBeNull();
    expect(sessionLinkFromAddress('https://evil.example/loan-details?orderId=1')).toBeNull();
    expect(sessionLinkFromAddress('//evil.example/x')).toBeNull();
    expect(isExternalAddress('https://pay.example/r')).toBe(true);
    expect(isExternalAddress('/repayment')).toBe(false);
    expect(isExternalAddress('')).toBe(false);
  });
});
