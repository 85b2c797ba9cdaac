import { describe, expect, it } from 'vitest';
import { normaliseResponse } from './envelope';
import { readSessionParams, toWireParams } from './session-params';
import { canTransition, orderTransitions } from './order-status';
import { parseLanguage } from './language';

describe('normaliseResponse', () => {
  it('reads code 0 and 00 as success, others as failure', () => {
    expect(normaliseResponse({ code: '0', message: 'ok', data: { a: 1 } })).toMatchObject({ success: true, code: '0', data: { a: 1 } });
    expect(normaliseResponse({ code: '00', data: null }).success).toBe(true);
    expect(normaliseResponse({ code: 0 }).success).toBe(true);
    expect(normaliseResponse({ code: '101', message: 'bad captcha' })).toMatchObject({ success: false, code: '101', message: 'bad captcha' });
    expect(normaliseResponse({ code: '-1' }).success).toBe(false);
  });
  it('lets a success flag win', () => {
    expect(normaliseResponse({ success: false, code: '0' }).success).toBe(false);
    expect(normaliseResponse({ success: true, code: '404001' }).success).toBe(true);
  });
  it('keeps the raw answer and survives garbage', () => {
    const raw = { code: '0', data: 1 };
    expect(normaliseResponse(raw).raw).toBe(raw);
    expect(normaliseResponse('html')).toMatchObject({ success: false, code: 'invalid_response' });
    expect(normaliseResponse(null).success).toBe(false);
  });
});

describe('session parameters', () => {
  it('reads wire names and readable names', () => {
    expect(readSessionParams({ swift: 'abc', crp_phe: '1.0', productId: 3 })).toEqual({ sessionId: 'abc', appVersion: '1.0', productId: '3' });
    expect(readSessionParams({ sessionId: 'x' })).toEqual({ sessionId: 'x' });
  });
  it('writes wire names', () => {
    expect(toWireParams({ sessionId: 's', deviceId: 'd', orderId: '9' })).toEqual({ swift: 's', showy: 'd', orderId: '9' });
  });
});

describe('order transitions', () => {
  it('allow only the documented moves', () => {
    expect(canTransition('approve', '21')).toBe(true);
    expect(canTransition('disburse', '21')).toBe(false);
    expect(canTransition('reject', '174')).toBe(false);
    expect(canTransition('fallDue', '174')).toBe(true);
    expect(canTransition('settle', '200')).toBe(false);
    expect(Object.keys(orderTransitions)).toEqual(['approve', 'reject', 'disburse', 'fallDue', 'cure', 'settle']);
  });
});

describe('language', () => {
  it('maps types and defaults to Spanish', () => {
    expect(parseLanguage('1')).toBe('en');
    expect(parseLanguage('2')).toBe('es');
    expect(parseLanguage(undefined)).toBe('es');
    expect(parseLanguage('en-US')).toBe('en');
  });
});
