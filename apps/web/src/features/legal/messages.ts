import { defineCatalogue } from '@/shared/i18n/use-messages';

/**
 * The chrome of the privacy notice page (/PrivacyPolicy); the notice itself is
 * data in src/legal/privacy-notice.ts. Language names are written in their own
 * language, so a reader finds theirs whatever the page language.
 */
export const legalMessages = defineCatalogue({
  es: {
    pageTitle: 'Aviso de privacidad',
    languageSwitch: 'Idioma del aviso de privacidad',
    languageEs: 'Español',
    languageEn: 'English',
  },
  en: {
    pageTitle: 'Privacy notice',
    languageSwitch: 'Language of the privacy notice',
    languageEs: 'Español',
    languageEn: 'English',
  },
});

export type LegalMessageKey = keyof (typeof legalMessages)['es'];
