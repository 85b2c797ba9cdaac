import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPromoApi, PromoNetworkError } from './api';
import { flush, stubPromoApi } from './promo-test-page';

describe('promotion api', () => {
  afterEach(() => vi.useRealTimers());

  it('GET calls carry their parameters in the query, without empty ones, and the language header', async () => {
    const api = stubPromoApi({ 'channel-template': { code: '00', data: { id: '2' } } });
    const answer = await createPromoApi({ language: 'en' }).channelTemplate('2');
    expect(answer).toEqual({ code: '00', message: '', data: { id: '2' } });
    const [call] = api.calls;
    expect(call?.path).toBe('/api/v2/youmi/service/channel/channel-template');
    expect(call?.method).toBe('GET');
    expect(call?.query.toString()).toBe('templateId=2');
    expect(call?.headers).toMatchObject({ language: '1', 'x-requested-with': 'XMLHttpRequest' });
    await createPromoApi({ language: 'es' }).channelTemplate(undefined);
    expect(api.calls[1]?.query.toString()).toBe('');
    expect(api.calls[1]?.headers).toMatchObject({ language: '2' });
  });

  it('track-visit and track-click send page_type 1, and their answers and failures are ignored', async () => {
    const api = stubPromoApi({ 'track-visit': new Error('offline') });
    const promo = createPromoApi({ language: 'es' });
    expect(() => promo.trackVisit({ page_id: '2', client_type: 'ios', utm_tag: 'u' })).not.toThrow();
    promo.trackClick({ client_type: 'android', phone: '13800138000' });
    await flush();
    expect(Object.fromEntries(api.named('track-visit')[0]!.query)).toEqual({ page_id: '2', client_type: 'ios', utm_tag: 'u', page_type: '1' });
    expect(Object.fromEntries(api.named('track-click')[0]!.query)).toEqual({ client_type: 'android', phone: '13800138000', page_type: '1' });
  });

  it('get-sms posts a form with deviceId = sid', async () => {
    const api = stubPromoApi({ 'get-sms': { code: '0' } });
    await createPromoApi({ language: 'es' }).getSms({ phone: '13800138000', capcode: 'ab3x', sid: 's1', appName: 'Presta', utm_tag: 'u' });
    const [call] = api.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/api/v2/youmi/promotion/get-sms');
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // Every field of §7's payload: those the page has no value for are sent empty.
    expect(Object.fromEntries(call!.body)).toEqual({
      phone: '13800138000',
      capcode: 'ab3x',
      sid: 's1',
      deviceId: 's1',
      appName: 'Presta',
      app_from: '',
      user_from: '',
      utm_tag: 'u',
    });
  });

  it('register posts merchantNumber 0, userName = the phone, and every other field of the payload, empty when absent', async () => {
    const api = stubPromoApi({ register: { code: '0' } });
    await createPromoApi({ language: 'es' }).register({
      phone: '13800138000',
      capcode: 'ab3x',
      sid: 's1',
      smsCode: '123456',
      invite_code: 'K9',
      id: '2',
    });
    expect(Object.fromEntries(api.calls[0]!.body)).toEqual({
      phone: '13800138000',
      capcode: 'ab3x',
      sid: 's1',
      deviceId: 's1',
      appName: '',
      merchantNumber: '0',
      userName: '13800138000',
      smsCode: '123456',
      invite_code: 'K9',
      user_from: '',
      id: '2',
      app_from: '',
      utm_tag: '',
    });
  });

  it('reads a refusal (4xx) like any answer', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve({ ok: false, status: 429, json: () => Promise.resolve({ success: false, code: '429001', message: 'Espera', data: null }) })));
    await expect(createPromoApi({ language: 'es' }).getSid()).resolves.toEqual({ code: '429001', message: 'Espera', data: null });
  });

  it('a failed request or an answer that is not the wrapper is a PromoNetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(createPromoApi({ language: 'es' }).getSid()).rejects.toBeInstanceOf(PromoNetworkError);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve({ ok: false, status: 502, json: () => Promise.reject(new SyntaxError('Unexpected token <')) })));
    await expect(createPromoApi({ language: 'es' }).getSid()).rejects.toBeInstanceOf(PromoNetworkError);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve('ok') })));
    await expect(createPromoApi({ language: 'es' }).getSid()).rejects.toBeInstanceOf(PromoNetworkError);
  });

  it('gives up after 60 s (§7)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const pending = createPromoApi({ language: 'es' }).getSid();
    const outcome = expect(pending).rejects.toBeInstanceOf(PromoNetworkError);
    vi.advanceTimersByTime(60_000);
    await outcome;
  });

  it('builds the captcha image address from the get-captcha path', () => {
    expect(createPromoApi({ language: 'es' }).captchaUrl('s1', 1700000000000)).toBe('/api/v2/youmi/promotion/get-captcha?sid=s1&t=1700000000000');
  });
});
