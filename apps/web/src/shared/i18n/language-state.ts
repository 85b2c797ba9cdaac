import { defaultLanguage, languages, parseLanguage, type Language } from '@presta/contract/language';
import { languageParam } from '@presta/contract/session-params';
import { pageSearch } from '@/shared/session/page-address';

/**
 * The current language (§1): the `language` URL query parameter ('1' English,
 * '2' Spanish) wins and is remembered; otherwise the stored setting; otherwise
 * Spanish. One small store with subscribers, read by React through
 * `useLanguage()` (language-store.ts) and by plain code through `getLanguage()`.
 *
 * This file does not import React, so that code running before React loads
 * (the early entry, the http layer) can read the language; import it through
 * language-store.ts everywhere else.
 */
export const languageStorageKey = 'presta.language';

type Listener = () => void;

let current: Language | null = null;
const listeners = new Set<Listener>();

const currentSearch = pageSearch;

function readStored(): Language | null {
  try {
    const value = localStorage.getItem(languageStorageKey);
    return value ? parseLanguage(value) : null;
  } catch {
    return null;
  }
}

function store(lang: Language): void {
  try {
    localStorage.setItem(languageStorageKey, lang);
  } catch {
    // Private mode or a web view without storage: the language still applies to this page.
  }
}

function emit(lang: Language): void {
  if (current === lang) return;
  current = lang;
  for (const listener of listeners) listener();
}

/** The language a query string asks for, or null when it has no `language` parameter. */
export function languageFromSearch(search: string): Language | null {
  const value = new URLSearchParams(search).get(languageParam);
  return value ? parseLanguage(value) : null;
}

/** Re-reads everything: URL parameter (stored when present), else stored setting, else default. */
export function initLanguage(search: string = currentSearch()): Language {
  const fromUrl = languageFromSearch(search);
  if (fromUrl) store(fromUrl);
  const lang = fromUrl ?? readStored() ?? defaultLanguage;
  emit(lang);
  return lang;
}

/** After a navigation: applies and stores the URL's language when it carries one. */
export function syncLanguageFromUrl(search: string = currentSearch()): Language {
  const fromUrl = languageFromSearch(search);
  if (fromUrl) {
    store(fromUrl);
    emit(fromUrl);
    return fromUrl;
  }
  return getLanguage();
}

export function getLanguage(): Language {
  return current ?? initLanguage();
}

/** Chooses a language (and stores it unless `persist` is false). */
export function setLanguage(lang: Language, persist = true): void {
  if (persist) store(lang);
  emit(lang);
}

export function subscribeLanguage(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The wire value of a language: '1' English, '2' Spanish. */
export function languageType(lang: Language): string {
  return languages[lang].type;
}
