import { beforeEach, describe, expect, it } from 'vitest';
import { promoMessages } from './messages';
import { loadPromoMarkup } from './promo-test-page';
import { applyStaticTexts } from './static-texts';

describe('applyStaticTexts', () => {
  beforeEach(loadPromoMarkup);

  it('swaps the static Spanish texts for English', () => {
    applyStaticTexts('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('label[for="promo-phone"]')?.textContent).toBe(promoMessages.en.phoneLabel);
    expect(document.querySelector('#promo-apply')?.textContent).toBe('Apply now');
    expect(document.querySelector('#promo-phone')?.getAttribute('placeholder')).toBe('11 digits');
    expect(document.querySelector('#promo-captcha-refresh')?.getAttribute('aria-label')).toBe(promoMessages.en.captchaRefresh);
    expect(document.querySelector('#promo-form')?.getAttribute('aria-label')).toBe('Sign-up');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(promoMessages.en.metaDescription);
    expect(document.title).toBe(promoMessages.en.pageTitle);
  });

  it('leaves the Spanish page as it is', () => {
    const before = document.body.innerHTML;
    applyStaticTexts('es');
    expect(document.body.innerHTML).toBe(before);
    expect(document.documentElement.lang).toBe('es');
  });
});
