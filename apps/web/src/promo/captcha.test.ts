import { beforeEach, describe, expect, it } from 'vitest';
import { createPromoApi } from './api';
import { createCaptcha } from './captcha';
import { createNotices } from './notices';
import { flush, stubPromoApi } from './promo-test-page';
import { createToaster } from './toast';

describe('captcha', () => {
  let image: HTMLImageElement;
  let region: HTMLElement;
  let clock: number;
  const setup = () =>
    createCaptcha({
      api: createPromoApi({ language: 'es' }),
      image,
      notices: createNotices(createToaster(region)),
      now: () => clock,
    });

  beforeEach(() => {
    document.body.innerHTML = '<img id="i" alt=""><div id="t" role="status"></div>';
    image = document.getElementById('i') as HTMLImageElement;
    region = document.getElementById('t')!;
    clock = 1000;
  });

  it("gets a sid, then loads the image; a refresh loads it again with a new timestamp", async () => {
    const api = stubPromoApi({ 'get-sid': { code: '0', data: { sid: 'abc' } } });
    const captcha = setup();
    await captcha.refresh();
    expect(captcha.sid()).toBe('abc');
    expect(image.getAttribute('src')).toBe('/api/v2/youmi/promotion/get-captcha?sid=abc&t=1000');
    clock = 2000;
    await captcha.refresh();
    expect(image.getAttribute('src')).toBe('/api/v2/youmi/promotion/get-captcha?sid=abc&t=2000');
    expect(api.named('get-sid')).toHaveLength(1);
  });

  it("shows the server's message when get-sid answers another code, and 'error' when it fails", async () => {
    stubPromoApi({ 'get-sid': { code: '429001', message: 'Demasiadas solicitudes' } });
    const captcha = setup();
    await captcha.refresh();
    expect(region.textContent).toBe('Demasiadas solicitudes');
    expect(image.hasAttribute('src')).toBe(false);
    stubPromoApi({ 'get-sid': new Error('offline') });
    await captcha.refresh();
    expect(region.textContent).toBe('error');
  });

  it('asks for one sid even when refreshed twice at once', async () => {
    const api = stubPromoApi({ 'get-sid': { code: '0', data: { sid: 'abc' } } });
    const captcha = setup();
    await Promise.all([captcha.refresh(), captcha.refresh()]);
    expect(api.named('get-sid')).toHaveLength(1);
  });

  it('after an image that fails to load, the next refresh starts a new session', async () => {
    let n = 0;
    const api = stubPromoApi({ 'get-sid': () => ({ code: '0', data: { sid: `s${++n}` } }) });
    const captcha = setup();
    await captcha.refresh();
    image.dispatchEvent(new Event('error'));
    await captcha.refresh();
    await flush();
    expect(api.named('get-sid')).toHaveLength(2);
    expect(captcha.sid()).toBe('s2');
  });
});
