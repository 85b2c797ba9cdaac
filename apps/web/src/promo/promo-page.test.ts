import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { startPromoPage } from './promo-page';
import { flush, loadPromoMarkup, sampleTemplate, stubPromoApi, toastText } from './promo-test-page';

let stop: () => void = () => undefined;

async function openPage(url: string, handlers: Parameters<typeof stubPromoApi>[0] = {}, lang?: 'es' | 'en') {
  window.history.replaceState(null, '', url);
  loadPromoMarkup();
  const api = stubPromoApi({
    'channel-template': { code: '00', data: sampleTemplate },
    'track-visit': { code: '0' },
    'get-sid': { code: '0', data: { sid: 'sid1' } },
    ...handlers,
  });
  const page = startPromoPage(lang ? { lang } : {});
  stop = page.stop;
  await page.ready;
  await flush();
  return api;
}

const view = (id: string) => document.getElementById(id)!;
const navigate = async (hash: string) => {
  window.history.replaceState(null, '', hash);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
  await flush();
};

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => stop());

describe('promotion page', () => {
  it('is Spanish by default and English with ?language=1; the §5/§8 messages stay Chinese', async () => {
    await openPage('/promo/?language=1');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Sign up and get your loan');
    expect(document.getElementById('promo-apply')?.textContent).toBe('Apply now');
    document.getElementById('promo-captcha-refresh')?.click();
    expect(toastText()).toBe('请正确输入手机号码');
    expect(document.querySelector('.promo-toast-bubble')?.getAttribute('lang')).toBe('zh-CN');
    stop();
    await openPage('/promo/?language=2');
    expect(document.documentElement.lang).toBe('es');
    expect(document.getElementById('promo-apply')?.textContent).toBe('Solicitar ahora');
  });

  it("asks the server for messages in the page's language", async () => {
    const api = await openPage('/promo/', {}, 'en');
    expect(api.named('get-sid')[0]?.headers.language).toBe('1');
  });

  it("shows the template's app name and fills the download and agreement pages", async () => {
    await openPage('/promo/?id=2');
    expect(document.querySelector('.promo-app-name')?.textContent).toBe(sampleTemplate.appName);
    expect(view('promo-download-title').textContent).toBe(sampleTemplate.downloadTitle);
    expect(view('promo-agreement-title').textContent).toBe(sampleTemplate.agreementTitle);
    expect(view('promo-registration').hidden).toBe(false);
    expect(view('promo-download').hidden).toBe(true);
  });

  it("shows the server's message when the template answers another code, and 'error' when it fails", async () => {
    await openPage('/promo/?id=9', { 'channel-template': { code: '404001', message: 'Plantilla no encontrada' } });
    expect(toastText()).toBe('Plantilla no encontrada');
    expect(view('promo-download-title').textContent).toBe('Descargue la aplicación');
    stop();
    await openPage('/promo/', { 'channel-template': new Error('offline') });
    expect(toastText()).toBe('error');
  });

  it('links the agreement with app_from, user_from, utm_tag, id and links_id (§2)', async () => {
    await openPage('/promo/?id=2&app_from=ads&user_from=fb&utm_tag=spring&links_id=7&UC=1');
    expect(document.getElementById('promo-agreement-link')?.getAttribute('href')).toBe(
      '#/agreementTemplate?app_from=ads&user_from=fb&utm_tag=spring&id=2&links_id=7',
    );
  });

  it('opened on #/downloadTemplate shows the download page and starts the form only when it is shown', async () => {
    const api = await openPage('/promo/#/downloadTemplate?id=2&down_id=8');
    expect(view('promo-download').hidden).toBe(false);
    expect(view('promo-registration').hidden).toBe(true);
    expect(api.named('channel-template')[0]?.query.get('templateId')).toBe('2');
    expect(api.named('track-visit')).toHaveLength(0);
    expect(api.named('get-sid')).toHaveLength(0);
    expect([...document.querySelectorAll('#promo-store-list a')].map((a) => a.getAttribute('href'))).toEqual([
      sampleTemplate.androidUrl,
      sampleTemplate.iosUrl,
    ]);
    await navigate('#/');
    expect(view('promo-registration').hidden).toBe(false);
    expect(document.activeElement).toBe(view('promo-hero-title'));
    expect(api.named('track-visit')).toHaveLength(1);
    expect(api.named('get-sid')).toHaveLength(1);
    await navigate('#/agreementTemplate');
    await navigate('#/');
    expect(api.named('track-visit')).toHaveLength(1);
  });

  it('the agreement page shows the template agreement and titles the document', async () => {
    await openPage('/promo/#/agreementTemplate?id=2');
    expect(view('promo-agreement').hidden).toBe(false);
    expect([...view('promo-agreement-body').querySelectorAll('p')].map((p) => p.textContent)).toEqual(sampleTemplate.agreementParagraphs);
    expect(document.title).toBe(sampleTemplate.agreementTitle);
  });

  it.each([
    ['registration', '/promo/'],
    ['download', '/promo/#/downloadTemplate'],
    ['agreement', '/promo/#/agreementTemplate'],
  ])('the %s view has no serious accessibility violations', async (_name, url) => {
    await openPage(url);
    expect(await seriousA11yViolations(document.body)).toEqual([]);
  });
});
