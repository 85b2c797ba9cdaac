import { beforeEach, describe, expect, it } from 'vitest';
import { loanDetailsUrl, parseCardRepaymentQuery, repaymentPageUrl } from './card-link';

describe('card payment links', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/card-repayment?swift=sess-9&crp_phe=3.1.0&orderId=12&productId=1&amount=262500&language=1');
  });

  it('reads a valid /card-repayment query', () => {
    expect(parseCardRepaymentQuery('?orderId=12&productId=1&amount=262500')).toEqual({
      ok: true,
      query: { orderId: '12', productId: '1', amount: 262500 },
    });
    expect(parseCardRepaymentQuery('?orderId=12&amount=1')).toEqual({ ok: true, query: { orderId: '12', productId: undefined, amount: 1 } });
    expect(parseCardRepaymentQuery('?orderId=12&amount=100000000000')).toMatchObject({ ok: true });
  });

  it.each([
    '?orderId=12',
    '?orderId=12&amount=',
    '?orderId=12&amount=0',
    '?orderId=12&amount=-5',
    '?orderId=12&amount=26.5',
    '?orderId=12&amount=1e5',
    '?orderId=12&amount=100000000001',
    '?amount=100',
    '?orderId=abc&amount=100',
    '?orderId=12&productId=p1&amount=100',
  ])('refuses %s', (search) => {
    expect(parseCardRepaymentQuery(search)).toEqual({ ok: false });
  });

  it('leads to the loan details and back to the repayment with the session, without the amount', () => {
    const details = new URL(loanDetailsUrl({ orderId: '12', productId: '1', amount: 262500 }), 'http://localhost');
    expect(details.pathname).toBe('/loan-details');
    expect(Object.fromEntries(details.searchParams)).toEqual({ crp_phe: '3.1.0', swift: 'sess-9', orderId: '12', productId: '1', language: '1' });
    const back = new URL(repaymentPageUrl(), 'http://localhost');
    expect(back.pathname).toBe('/repayment');
    expect(back.searchParams.get('orderId')).toBe('12');
    expect(back.searchParams.has('amount')).toBe(false);
  });
});
