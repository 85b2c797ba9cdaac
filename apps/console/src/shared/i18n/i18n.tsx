import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/*
 * The console's text (issue 17): Spanish (default) and English. Each feature keeps its own catalogue beside its
 * screens (defineMessages); a screen reads it with useMessages. A key missing in one language is a type error.
 */

export type Language = 'es' | 'en';
export const languages: readonly Language[] = ['es', 'en'];

export type Catalogue<K extends string> = { es: Record<K, string>; en: Record<K, string> };

export function defineMessages<K extends string>(catalogue: Catalogue<K>): Catalogue<K> {
  return catalogue;
}

const storageKey = 'presta.console.language';

function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(storageKey);
    if (saved === 'es' || saved === 'en') return saved;
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  return navigator.language.toLowerCase().startsWith('en') ? 'en' : 'es';
}

type LanguageState = { language: Language; setLanguage: (language: Language) => void };
const LanguageContext = createContext<LanguageState>({ language: 'es', setLanguage: () => undefined });

/** The language the console is read in now: the page's lang (what API calls send, so their messages come back in it). */
export const currentLanguage = (): Language => (document.documentElement.lang === 'en' ? 'en' : 'es');

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(() => {
    const initial = initialLanguage();
    document.documentElement.lang = initial;
    return initial;
  });
  const setLanguage = useCallback((next: Language) => {
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // Not kept: this page still changes.
    }
    document.documentElement.lang = next;
    setLanguageState(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

export const useLanguage = () => useContext(LanguageContext);

const pluralRules = { es: new Intl.PluralRules('es'), en: new Intl.PluralRules('en') };
/** `{count, plural, one {# orden} other {# órdenes}}`: one of the forms, by the language's plural rules. */
const pluralPattern = /\{(\w+), plural, ((?:\w+ \{[^{}]*\}\s*)+)\}/g;

/**
 * `{name}` in a message replaced by vars.name, and `{name, plural, one {…} other {…}}` by the form the language's
 * plural rules choose for vars.name (`#` in it: the number); `other` when no form matches.
 */
export function interpolate(message: string, vars?: Record<string, string | number>, language: Language = 'es'): string {
  if (!vars) return message;
  const plurals = message.replace(pluralPattern, (whole, name: string, forms: string) => {
    const value = vars[name];
    if (typeof value !== 'number') return whole;
    const byCategory = new Map([...forms.matchAll(/(\w+) \{([^{}]*)\}/g)].map((m) => [m[1]!, m[2]!]));
    const form = byCategory.get(pluralRules[language].select(value)) ?? byCategory.get('other') ?? whole;
    return form.replace(/#/g, String(value));
  });
  return plurals.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export type Translate<K extends string> = (key: K, vars?: Record<string, string | number>) => string;

/** The messages of a catalogue in the console's language. */
export function useMessages<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  const { language } = useLanguage();
  return useCallback((key: K, vars?: Record<string, string | number>) => interpolate(catalogue[language][key], vars, language), [catalogue, language]);
}
