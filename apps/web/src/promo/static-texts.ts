import type { Language } from '@presta/contract/language';
import { pageMessages, type PageMessageKey } from './messages';

/**
 * Attributes that carry a catalogue key: `data-i18n-placeholder="phonePlaceholder"` sets `placeholder`;
 * `data-i18n-content` the description's `content` in the head.
 */
const translatedAttributes = ['placeholder', 'aria-label', 'content'] as const;

function isKey(messages: Record<string, string>, key: string | undefined): key is PageMessageKey {
  return key !== undefined && Object.prototype.hasOwnProperty.call(messages, key);
}

/**
 * Writes the catalogue's texts into the static markup: the text of every
 * element marked `data-i18n="key"` and the attributes marked
 * `data-i18n-<attribute>="key"`; also the document's language. The HTML
 * carries the Spanish texts, so this only changes something for English.
 */
export function applyStaticTexts(lang: Language, doc: Document = document): void {
  const messages = pageMessages(lang);
  doc.documentElement.lang = lang;
  for (const el of doc.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const key = el.dataset.i18n;
    if (isKey(messages, key)) el.textContent = messages[key];
  }
  for (const attribute of translatedAttributes) {
    for (const el of doc.querySelectorAll<Element>(`[data-i18n-${attribute}]`)) {
      const key = el.getAttribute(`data-i18n-${attribute}`) ?? undefined;
      if (isKey(messages, key)) el.setAttribute(attribute, messages[key]);
    }
  }
}
