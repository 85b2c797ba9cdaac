import { describe, expect, it } from 'vitest';
import { initLanguage } from '@/shared/i18n/language-store';
import { absoluteUrl, commonParams, getSessionParams, pageUrl, withQuery } from '@/shared/session/session-params';

function visit(url: string) {
  window.history.replaceState(null, '', url);
  initLanguage();
}

describe('session params', () => {
  it('reads wire names, with readable names as fallback', () => {
    visit('/x?crp_phe=2.3.0&swift=s1&deviceId=d9&orderId=42&other=1');
    expect(getSessionParams()).toEqual({ appVersion: '2.3.0', sessionId: 's1', deviceId: 'd9', orderId: '42' });
    expect(getSessionParams('?productId=7')).toEqual({ productId: '7' });
  });

  it('common params: every session wire param present plus language', () => {
    visit('/x?swift=s1&eyes=a1&deviceId=d9&language=1&utm=z');
    expect(commonParams()).toEqual({ showy: 'd9', swift: 's1', eyes: 'a1', language: '1' });
    // Without the parameter: the current language (here the one the last URL stored).
    visit('/x?swift=s1');
    expect(commonParams()).toEqual({ swift: 's1', language: '1' });
    localStorage.clear();
    visit('/x?swift=s1');
    expect(commonParams()).toEqual({ swift: 's1', language: '2' });
  });

  it('pageUrl carries the session and the language, extra wins', () => {
    visit('/confirm-loan?crp_phe=2.3.0&swift=s1&productId=7&language=1&from=x');
    expect(pageUrl('/loan-details', { orderId: 42, from: 'confirm', skip: undefined })).toBe(
      '/loan-details?crp_phe=2.3.0&swift=s1&productId=7&language=1&orderId=42&from=confirm',
    );
    expect(pageUrl('/loan-details', { productId: '8' })).toBe('/loan-details?crp_phe=2.3.0&swift=s1&productId=8&language=1');
  });

  it('pageUrl keeps what the address already carries', () => {
    visit('/confirm-loan?swift=s1&orderId=1');
    expect(pageUrl('/loan-details?orderId=99&x=1')).toBe('/loan-details?orderId=99&x=1&swift=s1&language=2');
    expect(pageUrl(`${location.origin}/order?orderId=5`)).toBe('/order?orderId=5&swift=s1&language=2');
  });

  it('withQuery drops empty values and keeps other origins absolute', () => {
    expect(withQuery('/a?b=1', { c: 2, d: '', e: null })).toBe('/a?b=1&c=2');
    expect(withQuery('https://api.example.com/v3/x', { a: 1 })).toBe('https://api.example.com/v3/x?a=1');
    expect(absoluteUrl('/a')).toBe(`${location.origin}/a`);
  });
});
