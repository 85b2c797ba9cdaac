import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConversionHandler } from './pixel';
import { startPromoPage } from './promo-page';
import { flush, loadPromoMarkup, sampleTemplate, stubPromoApi, toastText } from './promo-test-page';

/*
 * The registration form on the real markup of promo/index.html, with a
 * stubbed API (§4, §5, §7, §8).
 */

const PHONE = '13800138000';
let stop: () => void = () => undefined;

async function openPage(url: string, handlers: Parameters<typeof stubPromoApi>[0] = {}) {
  window.history.replaceState(null, '', url);
  loadPromoMarkup();
  const api = stubPromoApi({
    'channel-template': { code: '00', data: sampleTemplate },
    'track-visit': { code: '0' },
    'track-click': { code: '0' },
    'get-sid': { code: '0', data: { sid: 'sid1' } },
    ...handlers,
  });
  const page = startPromoPage({ lang: 'es' });
  stop = page.stop;
  await page.ready;
  await flush();
  return api;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const type = (id: string, value: string) => {
  const input = $<HTMLInputElement>(id);
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};
const click = async (id: string) => {
  $(id).click();
  await flush();
};
const submit = async () => {
  $<HTMLFormElement>('promo-form').requestSubmit();
  await flush();
};
const fill = (fields: { phone?: string; captcha?: string; sms?: string }) => {
  if (fields.phone !== undefined) type('promo-phone', fields.phone);
  if (fields.captcha !== undefined) type('promo-captcha', fields.captcha);
  if (fields.sms !== undefined) type('promo-sms-code', fields.sms);
};
const captchaSrc = () => $<HTMLImageElement>('promo-captcha-image').getAttribute('src') ?? '';
const codeButton = () => $<HTMLButtonElement>('promo-get-code');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  stop();
  setConversionHandler(null);
  vi.useRealTimers();
});

describe('registration page: loading', () => {
  it('gets the template, counts the visit, gets a sid and shows its captcha', async () => {
    const api = await openPage('/promo/?id=2&app_from=ads&user_from=fb&utm_tag=spring&invite_code=K9');
    expect(api.named('channel-template')[0]?.query.get('templateId')).toBe('2');
    expect(Object.fromEntries(api.named('track-visit')[0]!.query)).toEqual({
      page_id: '2',
      user_from: 'fb',
      client_type: 'android',
      utm_tag: 'spring',
      app_from: 'ads',
      page_type: '1',
    });
    expect(captchaSrc()).toBe(`/api/v2/youmi/promotion/get-captcha?sid=sid1&t=${Date.now()}`);
  });

  it('keeps the phone to digits, 11 at most, and the codes to their lengths', async () => {
    await openPage('/promo/');
    fill({ phone: '138-0013 8000 777', captcha: 'ab-3x9', sms: '12a34567' });
    expect($<HTMLInputElement>('promo-phone').value).toBe(PHONE);
    expect($<HTMLInputElement>('promo-captcha').value).toBe('ab3x');
    expect($<HTMLInputElement>('promo-sms-code').value).toBe('123456');
  });
});

describe('registration page: captcha refresh (§5)', () => {
  it('needs a phone number: without one it shows the phone message', async () => {
    await openPage('/promo/');
    const before = captchaSrc();
    vi.advanceTimersByTime(1000);
    await click('promo-captcha-refresh');
    expect(toastText()).toBe('请正确输入手机号码');
    expect(captchaSrc()).toBe(before);
    expect(document.activeElement).toBe($('promo-phone'));
  });

  it('with a phone, loads a new image (new timestamp)', async () => {
    await openPage('/promo/');
    fill({ phone: PHONE });
    vi.advanceTimersByTime(1000);
    await click('promo-captcha-refresh');
    expect(captchaSrc()).toBe(`/api/v2/youmi/promotion/get-captcha?sid=sid1&t=${Date.now()}`);
    expect(toastText()).toBe('');
  });
});

describe('registration page: get code', () => {
  it('checks the phone, then the captcha', async () => {
    const api = await openPage('/promo/');
    fill({ phone: '12800138000', captcha: 'ab3x' });
    await click('promo-get-code');
    expect(toastText()).toBe('请正确输入手机号码');
    fill({ phone: PHONE, captcha: 'ab3' });
    await click('promo-get-code');
    expect(toastText()).toBe('请正确输入图形验证码');
    expect(document.activeElement).toBe($('promo-captcha'));
    expect(api.named('get-sms')).toHaveLength(0);
  });

  it("'0': says the code was sent and counts 60 s down every second; pressing again meanwhile says do not resend", async () => {
    const api = await openPage('/promo/?id=2&app_from=ads&user_from=fb&utm_tag=spring', { 'get-sms': { code: '0' } });
    fill({ phone: PHONE, captcha: 'ab3x' });
    await click('promo-get-code');
    expect(Object.fromEntries(api.named('get-sms')[0]!.body)).toEqual({
      phone: PHONE,
      capcode: 'ab3x',
      sid: 'sid1',
      deviceId: 'sid1',
      appName: sampleTemplate.appName,
      app_from: 'ads',
      user_from: 'fb',
      utm_tag: 'spring',
    });
    expect(toastText()).toBe('验证码已发送，请注意查收');
    expect(codeButton().textContent).toBe('60 s');
    expect(codeButton().dataset.counting).toBe('true');
    expect(document.activeElement).toBe($('promo-sms-code'));
    vi.advanceTimersByTime(1000);
    expect(codeButton().textContent).toBe('59 s');
    await click('promo-get-code');
    expect(toastText()).toBe('请勿重复发送验证码');
    expect(api.named('get-sms')).toHaveLength(1);
    vi.advanceTimersByTime(58_000);
    expect(codeButton().textContent).toBe('1 s');
    vi.advanceTimersByTime(1000);
    expect(codeButton().textContent).toBe('Obtener código');
    expect(codeButton().hasAttribute('data-counting')).toBe(false);
    await click('promo-get-code');
    expect(api.named('get-sms')).toHaveLength(2);
  });

  it("'101': a new captcha image, the captcha field emptied, the server's message", async () => {
    await openPage('/promo/', { 'get-sms': { code: '101', message: 'El código de la imagen no es correcto.' } });
    fill({ phone: PHONE, captcha: 'ab3x' });
    const before = captchaSrc();
    vi.advanceTimersByTime(1000);
    await click('promo-get-code');
    expect(toastText()).toBe('El código de la imagen no es correcto.');
    expect(captchaSrc()).not.toBe(before);
    expect(captchaSrc()).toContain(`t=${Date.now()}`);
    expect($<HTMLInputElement>('promo-captcha').value).toBe('');
    expect(codeButton().textContent).toBe('Obtener código');
  });

  it("'11': says already registered and goes to the download page", async () => {
    await openPage('/promo/?id=2&app_from=ads&user_from=fb&utm_tag=spring&UC=x', { 'get-sms': { code: '11', message: 'Ya registrado' } });
    fill({ phone: PHONE, captcha: 'ab3x' });
    await click('promo-get-code');
    expect(toastText()).toBe('已注册，请下载APP登录');
    expect(window.location.hash).toBe('#/downloadTemplate?app_from=ads&user_from=fb&utm_tag=spring&id=2');
  });

  it("'11' with down_id: says already registered and stays", async () => {
    await openPage('/promo/?id=2&down_id=8', { 'get-sms': { code: '11' } });
    fill({ phone: PHONE, captcha: 'ab3x' });
    await click('promo-get-code');
    expect(toastText()).toBe('已注册，请下载APP登录');
    expect(window.location.hash).toBe('');
  });

  it("'11' with links_id: says already registered and stays", async () => {
    await openPage('/promo/?id=2&links_id=7', { 'get-sms': { code: '11' } });
    fill({ phone: PHONE, captcha: 'ab3x' });
    await click('promo-get-code');
    expect(toastText()).toBe('已注册，请下载APP登录');
    expect(window.location.hash).toBe('');
  });

  it("another code shows the server's message; a network failure shows 'error'", async () => {
    await openPage('/promo/', { 'get-sms': { code: '429001', message: 'Espera 42 s para pedir otro código.' } });
    fill({ phone: PHONE, captcha: 'ab3x' });
    await click('promo-get-code');
    expect(toastText()).toBe('Espera 42 s para pedir otro código.');
    expect(codeButton().textContent).toBe('Obtener código');
    stubPromoApi({ 'get-sms': new Error('offline') });
    await click('promo-get-code');
    expect(toastText()).toBe('error');
  });

  it('a resend too soon (Retry-After) counts the wait on the button and keeps the captcha answer', async () => {
    await openPage('/promo/', { 'get-sms': { code: '429001', message: 'Espere 42 s para pedir otro código.', retryAfter: 42 } });
    fill({ phone: PHONE, captcha: 'ab3x' });
    await click('promo-get-code');
    expect(toastText()).toBe('Espere 42 s para pedir otro código.');
    expect(codeButton().textContent).toBe('42 s');
    expect(codeButton().hasAttribute('data-counting')).toBe(true);
    expect($<HTMLInputElement>('promo-captcha').value).toBe('ab3x');
    vi.advanceTimersByTime(42_000);
    expect(codeButton().textContent).toBe('Obtener código');
    stubPromoApi({ 'get-sms': new Error('offline') });
    await click('promo-get-code');
    expect(toastText()).toBe('error');
  });
});

describe('registration page: apply', () => {
  it('checks the phone, the captcha and the SMS code, in that order', async () => {
    const api = await openPage('/promo/');
    await submit();
    expect(toastText()).toBe('请正确输入手机号码');
    fill({ phone: PHONE });
    await submit();
    expect(toastText()).toBe('请正确输入图形验证码');
    fill({ captcha: 'ab3x', sms: '12345' });
    await submit();
    expect(toastText()).toBe('请正确输入短信验证码');
    expect(document.activeElement).toBe($('promo-sms-code'));
    expect(api.named('register')).toHaveLength(0);
    expect(api.named('track-click')).toHaveLength(0);
  });

  it("counts the click, registers, says registered and goes to the download page ('0')", async () => {
    const api = await openPage('/promo/?id=2&app_from=ads&user_from=fb&utm_tag=spring&invite_code=K9', { register: { code: '0' } });
    fill({ phone: PHONE, captcha: 'ab3x', sms: '123456' });
    await submit();
    const paths = api.calls.map((c) => c.path.split('/').pop());
    expect(paths.indexOf('track-click')).toBeLessThan(paths.indexOf('register'));
    expect(Object.fromEntries(api.named('track-click')[0]!.query)).toEqual({
      page_id: '2',
      user_from: 'fb',
      client_type: 'android',
      utm_tag: 'spring',
      app_from: 'ads',
      phone: PHONE,
      page_type: '1',
    });
    expect(Object.fromEntries(api.named('register')[0]!.body)).toEqual({
      phone: PHONE,
      capcode: 'ab3x',
      sid: 'sid1',
      deviceId: 'sid1',
      appName: sampleTemplate.appName,
      merchantNumber: '0',
      userName: PHONE,
      smsCode: '123456',
      invite_code: 'K9',
      user_from: 'fb',
      id: '2',
      app_from: 'ads',
      utm_tag: 'spring',
    });
    expect(toastText()).toBe('注册成功');
    expect(window.location.hash).toBe('#/downloadTemplate?app_from=ads&user_from=fb&utm_tag=spring&id=2');
  });

  it("lists every field of the spec's payload, empty when the landing address lacks it (issue 14)", async () => {
    // No id, app_from, user_from, utm_tag or invite_code, and a template without an app name.
    const api = await openPage('/promo/', {
      'channel-template': { code: '00', data: { ...sampleTemplate, appName: '' } },
      'get-sms': { code: '0' },
      register: { code: '0' },
    });
    fill({ phone: PHONE, captcha: 'ab3x' });
    await click('promo-get-code');
    expect(Object.fromEntries(api.named('get-sms')[0]!.body)).toEqual({
      phone: PHONE,
      capcode: 'ab3x',
      sid: 'sid1',
      deviceId: 'sid1',
      appName: '',
      app_from: '',
      user_from: '',
      utm_tag: '',
    });
    fill({ sms: '123456' });
    await submit();
    expect(Object.fromEntries(api.named('register')[0]!.body)).toEqual({
      phone: PHONE,
      capcode: 'ab3x',
      sid: 'sid1',
      deviceId: 'sid1',
      appName: '',
      merchantNumber: '0',
      userName: PHONE,
      smsCode: '123456',
      invite_code: '',
      user_from: '',
      id: '',
      app_from: '',
      utm_tag: '',
    });
    // The spec's order of the payload (§7).
    expect([...api.named('register')[0]!.body.keys()]).toEqual([
      'phone',
      'capcode',
      'sid',
      'deviceId',
      'appName',
      'merchantNumber',
      'userName',
      'smsCode',
      'invite_code',
      'user_from',
      'id',
      'app_from',
      'utm_tag',
    ]);
  });

  it("'0' with down_id: says registered and stays", async () => {
    await openPage('/promo/?down_id=8', { register: { code: '0' } });
    fill({ phone: PHONE, captcha: 'ab3x', sms: '123456' });
    await submit();
    expect(toastText()).toBe('注册成功');
    expect(window.location.hash).toBe('');
  });

  it("'0' with links_id: says registered and stays", async () => {
    await openPage('/promo/?links_id=7', { register: { code: '0' } });
    fill({ phone: PHONE, captcha: 'ab3x', sms: '123456' });
    await submit();
    expect(toastText()).toBe('注册成功');
    expect(window.location.hash).toBe('');
  });

  it("'11': says already registered and goes to the download page", async () => {
    await openPage('/promo/?id=2', { register: { code: '11' } });
    fill({ phone: PHONE, captcha: 'ab3x', sms: '123456' });
    await submit();
    expect(toastText()).toBe('已注册，请下载APP登录');
    expect(window.location.hash).toBe('#/downloadTemplate?id=2');
  });

  it("'-1': a new captcha image and the server's message", async () => {
    await openPage('/promo/', { register: { code: '-1', message: 'El código de la imagen no es correcto.' } });
    fill({ phone: PHONE, captcha: 'ab3x', sms: '123456' });
    const before = captchaSrc();
    vi.advanceTimersByTime(1000);
    await submit();
    expect(toastText()).toBe('El código de la imagen no es correcto.');
    expect(captchaSrc()).not.toBe(before);
    expect($<HTMLInputElement>('promo-captcha').value).toBe('');
    expect(window.location.hash).toBe('');
  });

  it("another code shows the server's message; a network failure shows 'error'", async () => {
    await openPage('/promo/', { register: { code: '400002', message: 'El código SMS no es correcto.' } });
    fill({ phone: PHONE, captcha: 'ab3x', sms: '123456' });
    await submit();
    expect(toastText()).toBe('El código SMS no es correcto.');
    stubPromoApi({ register: new Error('offline') });
    await submit();
    expect(toastText()).toBe('error');
    expect(window.location.hash).toBe('');
  });

  it('sends one registration for a double tap', async () => {
    let answer: (value: { code: string }) => void = () => undefined;
    const api = await openPage('/promo/');
    stubPromoApi({ 'track-click': { code: '0' } });
    const pending = new Promise<{ code: string }>((resolve) => (answer = resolve));
    const fetchStub = vi.fn((input: string) =>
      Promise.resolve(input.includes('/register') ? { json: () => pending } : { json: () => Promise.resolve({ code: '0' }) }),
    );
    vi.stubGlobal('fetch', fetchStub);
    fill({ phone: PHONE, captcha: 'ab3x', sms: '123456' });
    await submit();
    await submit();
    expect($('promo-apply').getAttribute('aria-busy')).toBe('true');
    answer({ code: '0' });
    await flush();
    expect(fetchStub.mock.calls.filter(([url]) => String(url).includes('/register'))).toHaveLength(1);
    expect($('promo-apply').hasAttribute('aria-busy')).toBe(false);
    expect(api.named('register')).toHaveLength(0);
  });
});

describe('registration page: conversion pixel', () => {
  it('fires CompleteRegistration after registering when UC is present and the template has a pixelId', async () => {
    const handler = vi.fn();
    setConversionHandler(handler);
    await openPage('/promo/?id=2&UC=uc-9', {
      'channel-template': { code: '00', data: { ...sampleTemplate, pixelId: 'PX1' } },
      register: { code: '0' },
    });
    fill({ phone: PHONE, captcha: 'ab3x', sms: '123456' });
    await submit();
    expect(handler).toHaveBeenCalledWith({ name: 'CompleteRegistration', pixelId: 'PX1', uc: 'uc-9', templateId: '2' });
  });

  it('does not fire without UC, without a pixelId, or for an already registered phone', async () => {
    const handler = vi.fn();
    setConversionHandler(handler);
    await openPage('/promo/?id=2', { 'channel-template': { code: '00', data: { ...sampleTemplate, pixelId: 'PX1' } }, register: { code: '0' } });
    fill({ phone: PHONE, captcha: 'ab3x', sms: '123456' });
    await submit();
    stop();
    await openPage('/promo/?id=2&UC=uc-9', { register: { code: '0' } });
    fill({ phone: PHONE, captcha: 'ab3x', sms: '123456' });
    await submit();
    stop();
    await openPage('/promo/?id=2&UC=uc-9', { 'channel-template': { code: '00', data: { ...sampleTemplate, pixelId: 'PX1' } }, register: { code: '11' } });
    fill({ phone: PHONE, captcha: 'ab3x', sms: '123456' });
    await submit();
    expect(handler).not.toHaveBeenCalled();
  });
});
