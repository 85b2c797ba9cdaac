import { useMemo } from 'react';
import type { Language } from '@presta/contract/language';
import { getLanguage, useLanguage } from '@/shared/i18n/language-store';

/** A message catalogue: the same keys in Spanish (default) and English. */
export type Catalogue<K extends string = string> = { es: Record<K, string>; en: Record<K, string> };
export type MessageVars = Record<string, string | number>;

/**
 * The words of a page in its language. The language chooses the words only:
 * money is written in the loan's market's currency (shared/format/money.ts,
 * decision 014), never in a sign the language would pick.
 */
export type Messages<K extends string> = {
  t: (key: K, vars?: MessageVars) => string;
  lang: Language;
};

/**
 * Declares a catalogue with Spanish as the source of truth: the English side
 * must have exactly the same keys (a plain `{ es, en }` object works too).
 *
 *   export const loanMessages = defineCatalogue({ es: { submit: 'Enviar' }, en: { submit: 'Submit' } });
 */
export function defineCatalogue<const K extends string>(catalogue: {
  es: Record<K, string>;
  en: NoInfer<Record<K, string>>;
}): Catalogue<K> {
  return catalogue;
}

/** Replaces `{name}` placeholders; unknown placeholders stay as written. */
export function interpolate(template: string, vars?: MessageVars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : match));
}

function lookup<K extends string>(catalogue: Catalogue<K>, lang: Language, key: K): string {
  return catalogue[lang][key] ?? catalogue.es[key] ?? key;
}

/** A message for plain (non-React) code, in the current language unless one is given. */
export function getMessage<K extends string>(
  catalogue: Catalogue<K>,
  key: K,
  vars?: MessageVars,
  lang: Language = getLanguage(),
): string {
  return interpolate(lookup(catalogue, lang, key), vars);
}

/** Texts of one catalogue in the current language; re-renders when the language changes. */
export function useMessages<K extends string>(catalogue: Catalogue<K>): Messages<K> {
  const lang = useLanguage();
  return useMemo(
    () => ({
      t: (key: K, vars?: MessageVars) => interpolate(lookup(catalogue, lang, key), vars),
      lang,
    }),
    [catalogue, lang],
  );
}
