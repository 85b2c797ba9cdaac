import { useSyncExternalStore } from 'react';
import { getLanguage, subscribeLanguage } from './language-state';
import type { Language } from '@presta/contract/language';

export * from './language-state';

/** The current language, re-rendering on change. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
}
