import { beforeEach, describe, expect, it } from 'vitest';
import { renderAgreementPage } from './agreement-page';
import { loadPromoMarkup, sampleTemplate } from './promo-test-page';

const view = () => document.getElementById('promo-agreement')!;
const paragraphs = () => [...view().querySelectorAll('#promo-agreement-body p')].map((p) => p.textContent);

describe('agreement page', () => {
  beforeEach(loadPromoMarkup);

  it("shows the template's title and paragraphs as text", () => {
    renderAgreementPage(view(), { status: 'ready', template: { ...sampleTemplate, agreementParagraphs: ['<b>uno</b>', 'dos'] } }, 'es');
    expect(view().querySelector('h1')?.textContent).toBe('Acuerdo de registro');
    expect(paragraphs()).toEqual(['<b>uno</b>', 'dos']);
    expect(view().querySelector('b')).toBeNull();
  });

  it('in English: the English agreement the server answered; a Spanish-only one under the English title, marked Spanish', () => {
    const english = { ...sampleTemplate, textLanguage: 'en' as const, agreementTitle: 'Sign-up agreement', agreementParagraphs: ['First.', 'Second.'] };
    renderAgreementPage(view(), { status: 'ready', template: english }, 'en');
    expect(view().querySelector('h1')?.textContent).toBe('Sign-up agreement');
    expect(paragraphs()).toEqual(['First.', 'Second.']);
    expect(view().querySelector('#promo-agreement-body')?.hasAttribute('lang')).toBe(false);

    renderAgreementPage(view(), { status: 'ready', template: sampleTemplate }, 'en');
    expect(view().querySelector('h1')?.textContent).toBe('User agreement');
    expect(paragraphs()).toEqual(sampleTemplate.agreementParagraphs);
    expect(view().querySelector('#promo-agreement-body')?.getAttribute('lang')).toBe('es');
  });

  it('shows loading, then a notice when the agreement is not available', () => {
    renderAgreementPage(view(), { status: 'loading' }, 'es');
    expect(paragraphs()).toEqual(['Cargando…']);
    renderAgreementPage(view(), { status: 'failed' }, 'en');
    expect(view().querySelector('h1')?.textContent).toBe('User agreement');
    expect(paragraphs()).toEqual(['The agreement is not available right now. Please try again later.']);
  });
});
