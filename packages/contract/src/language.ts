/**
 * Language types of §1: 1 English, 2 Spanish (the default). A language chooses
 * the words only: the currency sign is the loan's market's (markets.ts,
 * decision 014), so it is deliberately not here.
 */
export const languages = {
  en: { type: '1', locale: 'en-US' },
  es: { type: '2', locale: 'es-ES' },
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
