import type { Language } from '@presta/contract/language';
import { pageMessages } from './messages';
import { templateOf, type TemplateState } from './template-state';

/** #/agreementTemplate: the template's agreement title and paragraphs (plain text). */
export function renderAgreementPage(view: HTMLElement, state: TemplateState, lang: Language): void {
  const messages = pageMessages(lang);
  const template = templateOf(state);
  const title = view.querySelector<HTMLElement>('#promo-agreement-title');
  const body = view.querySelector<HTMLElement>('#promo-agreement-body');
  if (title) title.textContent = template?.agreementTitle || messages.agreementTitle;
  if (!body) return;
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
