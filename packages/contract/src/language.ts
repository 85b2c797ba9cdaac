/** Language types of §1: 1 English (₹), 2 Spanish ($, the default). */
export const languages = {
  en: { type: '1', currencySign: '₹', locale: 'en-US' },
  es: { type: '2', currencySign: '$', locale: 'es-ES' },
} as const;

export type Language = keyof typeof languages;
export const defaultLanguage: Language = 'es';

/** Accepts '1'/'2', 'en'/'es', or anything else (→ default). */
export function parseLanguage(value: unknown): Language {
  if (value === '1' || value === 1 || value === 'en') return 'en';
  if (value === '2' || value === 2 || value === 'es') return 'es';
  if (typeof value === 'string' && value.toLowerCase().startsWith('en')) return 'en';
  return defaultLanguage;
}
