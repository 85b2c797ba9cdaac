import { beforeEach, describe, expect, it } from 'vitest';
import { cardRepaymentUrl, parseInstructionQuery, paymentInstructionUrl, repaymentChannelUrl } from './payment-link';

describe('payment links', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/repayment?swift=sess-9&crp_phe=3.1.0&orderId=12&productId=1&language=1');
  });

  it('builds the /carpmm address with the channel and the session', () => {
    const url = new URL(paymentInstructionUrl({ requestType: 2, amount: 45000, payCode: 'store', orderId: '12', productId: '1' }), 'http://localhost');
    expect(url.pathname).toBe('/carpmm');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      crp_phe: '3.1.0',
      swift: 'sess-9',
      orderId: '12',
      productId: '1',
      language: '1',
      requestType: '2',
      amount: '45000',
      payCode: 'store',
    });
  });

  it('builds the /card-repayment address with the amount and the session', () => {
    const url = new URL(cardRepaymentUrl({ amount: 262500, orderId: '12', productId: '1' }), 'http://localhost');
    expect(url.pathname).toBe('/card-repayment');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      crp_phe: '3.1.0',
      swift: 'sess-9',
      orderId: '12',
      productId: '1',
      language: '1',
      amount: '262500',
    });
  });

  it('sends the card channel of an instalment to the card page, the others to /carpmm (requestType 1)', () => {
    const card = new URL(repaymentChannelUrl({ amount: 262500, payCode: 'card', orderId: '12', productId: '1' }), 'http://localhost');
    expect(card.pathname).toBe('/card-repayment');
    const store = new URL(repaymentChannelUrl({ amount: 262500, payCode: 'store', orderId: '12' }), 'http://localhost');
    expect(store.pathname).toBe('/carpmm');
    expect(store.searchParams.get('requestType')).toBe('1');
    expect(store.searchParams.get('payCode')).toBe('store');
  });

  it('reads a valid /carpmm query', () => {
    expect(parseInstructionQuery('?orderId=12&productId=1&requestType=1&amount=262500&payCode=store')).toEqual({
      ok: true,
      query: { requestType: 1, amount: 262500, payCode: 'store', orderId: '12', productId: '1' },
    });
    expect(parseInstructionQuery('?orderId=12&requestType=2&amount=1&payCode=x')).toEqual({
      ok: true,
      query: { requestType: 2, amount: 1, payCode: 'x', orderId: '12', productId: undefined },
    });
  });

  it.each([
    ['?orderId=12&requestType=1&amount=-5&payCode=store', 1],
    ['?orderId=12&requestType=1&amount=1e5&payCode=store', 1],
    ['?orderId=12&requestType=1&amount=1000000001&payCode=store', 1],
    ['?orderId=12&requestType=2&amount=100&payCode=' + 'x'.repeat(41), 2],
    ['?orderId=12&requestType=2&amount=100&payCode=%20', 2],
    ['?orderId=abc&requestType=1&amount=100&payCode=store', 1],
    ['?orderId=12&productId=p1&requestType=1&amount=100&payCode=store', 1],
    ['?orderId=12&requestType=01&amount=100&payCode=store', null],
  ])('refuses %s', (search, requestType) => {
    expect(parseInstructionQuery(search)).toEqual({ ok: false, requestType });
  });
});
