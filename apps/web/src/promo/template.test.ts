import { describe, expect, it } from 'vitest';
import { sampleTemplate } from './promo-test-page';
import { isWebUrl, readTemplate } from './template';

describe('readTemplate', () => {
  it('keeps a well-formed template', () => {
    expect(readTemplate(sampleTemplate)).toEqual(sampleTemplate);
  });
  it('turns missing or mistyped fields into empty ones', () => {
    expect(readTemplate({ id: 3, appName: 5, agreementParagraphs: ['a', 1, null] })).toEqual({
      id: '3',
      appName: '',
      agreementTitle: '',
      agreementParagraphs: ['a'],
      downloadTitle: '',
      downloadText: '',
      iosUrl: '',
      androidUrl: '',
      pixelId: '',
      textLanguage: 'es',
    });
    expect(readTemplate({ ...sampleTemplate, textLanguage: 'en' })?.textLanguage).toBe('en');
    expect(readTemplate({ ...sampleTemplate, textLanguage: 'fr' })?.textLanguage).toBe('es');
    expect(readTemplate(null)).toBeNull();
    expect(readTemplate('x')).toBeNull();
  });
});

describe('isWebUrl', () => {
  it('accepts http(s) addresses only', () => {
    expect(isWebUrl('https://apps.apple.com/app/id1')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('')).toBe(false);
  });
});
