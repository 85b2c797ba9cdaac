import { beforeEach, describe, expect, it } from 'vitest';
import { renderDownloadPage, storeLinks } from './download-page';
import { loadPromoMarkup, sampleTemplate } from './promo-test-page';

const view = () => document.getElementById('promo-download')!;
const links = () => [...view().querySelectorAll<HTMLAnchorElement>('#promo-store-list a')].map((a) => [a.textContent, a.getAttribute('href')]);
const note = () => view().querySelector<HTMLElement>('#promo-store-empty')!;

describe('download page', () => {
  beforeEach(loadPromoMarkup);

  it('shows the template title, text and store buttons, the device store first', () => {
    renderDownloadPage(view(), { status: 'ready', template: sampleTemplate }, 'es', 'android');
    expect(view().querySelector('h1')?.textContent).toBe('Descarga Presta Rápido');
    expect(view().querySelector('#promo-download-text')?.textContent).toBe('Inicie sesión con su teléfono.');
    expect(links()).toEqual([
      ['Descargar en Google Play', sampleTemplate.androidUrl],
      ['Descargar en App Store', sampleTemplate.iosUrl],
    ]);
    expect(note().hidden).toBe(true);
    renderDownloadPage(view(), { status: 'ready', template: sampleTemplate }, 'en', 'ios');
    expect(links()[0]).toEqual(['Download on the App Store', sampleTemplate.iosUrl]);
  });

  it('links to the borrower’s home in the page’s language (issue 16; registering signed the browser in, decision 025)', () => {
    renderDownloadPage(view(), { status: 'ready', template: sampleTemplate }, 'es', 'android');
    const link = view().querySelector<HTMLAnchorElement>('#promo-sign-in')!;
    expect([link.textContent, link.getAttribute('href')]).toEqual(['¿Ya tiene una cuenta? Inicie sesión en el navegador', '/main?language=2']);
    renderDownloadPage(view(), { status: 'loading' }, 'en', 'ios');
    expect(link.getAttribute('href')).toBe('/main?language=1');
  });

  it("in English: the template's English texts, or the page's own when the template has only Spanish ones", () => {
    const english = { ...sampleTemplate, textLanguage: 'en' as const, downloadTitle: 'Get Presta Rápido', downloadText: 'Sign in with your phone.' };
    renderDownloadPage(view(), { status: 'ready', template: english }, 'en', 'android');
    expect(view().querySelector('h1')?.textContent).toBe('Get Presta Rápido');
    expect(view().querySelector('#promo-download-text')?.textContent).toBe('Sign in with your phone.');
    renderDownloadPage(view(), { status: 'ready', template: sampleTemplate }, 'en', 'android');
    expect(view().querySelector('h1')?.textContent).toBe('Download the app');
    expect(view().querySelector('#promo-download-text')?.textContent).toBe('Install the app and sign in with your phone number.');
    expect(links().map(([label]) => label)).toEqual(['Get it on Google Play', 'Download on the App Store']);
  });

  it('leaves out stores without an address (and anything that is not a web address)', () => {
    const state = { status: 'ready', template: { ...sampleTemplate, iosUrl: '', androidUrl: 'javascript:alert(1)' } } as const;
    expect(storeLinks(state, 'es', 'ios')).toEqual([]);
    renderDownloadPage(view(), state, 'es', 'ios');
    expect(links()).toEqual([]);
    expect(note().hidden).toBe(false);
    expect(note().textContent).toBe('Los enlaces de descarga aún no están disponibles.');
  });

  it('while loading and after a failure, shows the page texts', () => {
    renderDownloadPage(view(), { status: 'loading' }, 'es', 'ios');
    expect(view().querySelector('h1')?.textContent).toBe('Descargue la aplicación');
    expect(note().textContent).toBe('Cargando…');
    renderDownloadPage(view(), { status: 'failed' }, 'en', 'ios');
    expect(view().querySelector('h1')?.textContent).toBe('Download the app');
    expect(note().textContent).toBe('The download links are not available yet.');
  });
});
