import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionAssetUrl } from '@/shared/session/session-asset-url';

const params = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('sessionAssetUrl', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/repayment?swift=sess-9&showy=dev-1&orderId=12&productId=1&other=x');
  });
  afterEach(() => {
    delete window.__PRESTA_API_BASE__;
  });

  it('adds the session parameters and the language to a path of this site', () => {
    const url = sessionAssetUrl('/v3/loan-details/barcode/800.svg');
    expect(url.startsWith('/v3/loan-details/barcode/800.svg?')).toBe(true);
    expect(params(url)).toEqual({ swift: 'sess-9', showy: 'dev-1', orderId: '12', productId: '1', language: '2' });
  });

  it('keeps the parameters the address already has', () => {
    expect(params(sessionAssetUrl('/img?size=2&orderId=99'))).toEqual({
      size: '2',
      orderId: '99',
      swift: 'sess-9',
      showy: 'dev-1',
      productId: '1',
      language: '2',
    });
  });

  it('resolves a path against the API base and adds the session there', () => {
    window.__PRESTA_API_BASE__ = 'https://api.presta.example/base';
    const url = sessionAssetUrl('/v3/barcode.svg');
    expect(url.startsWith('https://api.presta.example/base/v3/barcode.svg?')).toBe(true);
    expect(params(url).swift).toBe('sess-9');
  });

  it('never sends the session to another origin', () => {
    expect(sessionAssetUrl('https://cdn.example.com/b.png')).toBe('https://cdn.example.com/b.png');
    expect(sessionAssetUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(sessionAssetUrl('  ')).toBe('');
  });
});
