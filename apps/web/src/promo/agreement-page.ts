import type { Language } from '@presta/contract/language';
import { pageMessages } from './messages';
import { templateOf, type TemplateState } from './template-state';

/**
 * #/agreementTemplate: the template's agreement title and paragraphs (plain text), in the page's language
 * when the template has them in it. A template with its agreement in its own language only (Spanish) shows
 * those paragraphs marked with their language, under the page's own title.
 */
export function renderAgreementPage(view: HTMLElement, state: TemplateState, lang: Language): void {
  const messages = pageMessages(lang);
  const template = templateOf(state);
  const title = view.querySelector<HTMLElement>('#promo-agreement-title');
  const body = view.querySelector<HTMLElement>('#promo-agreement-body');
  const inPageLanguage = template?.textLanguage === lang;
  if (title) title.textContent = (inPageLanguage && template?.agreementTitle) || messages.agreementTitle;
  if (!body) return;
  if (template && !inPageLanguage && template.agreementParagraphs.length > 0) body.lang = template.textLanguage;
  else body.removeAttribute('lang');
  const paragraphs =
    state.status === 'loading'
      ? [messages.loading]
      : template && template.agreementParagraphs.length > 0
        ? template.agreementParagraphs
        : [messages.agreementUnavailable];
  body.replaceChildren(
    ...paragraphs.map((paragraph) => {
      const p = view.ownerDocument.createElement('p');
      p.textContent = paragraph;
      return p;
    }),
  );
}
