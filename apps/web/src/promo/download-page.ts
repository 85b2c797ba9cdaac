import { languages, type Language } from '@presta/contract/language';
import { routes } from '@presta/contract/routes';
import type { ClientType } from './device';
import { pageMessages } from './messages';
import { isWebUrl } from './template';
import { templateOf, type TemplateState } from './template-state';

type StoreLink = { store: ClientType; url: string; label: string };

/** The template's store links that are set, the one of the visitor's device first. */
export function storeLinks(state: TemplateState, lang: Language, device: ClientType): StoreLink[] {
  const template = templateOf(state);
  if (!template) return [];
  const messages = pageMessages(lang);
  const links: StoreLink[] = [
    { store: 'ios', url: template.iosUrl.trim(), label: messages.appStore },
    { store: 'android', url: template.androidUrl.trim(), label: messages.googlePlay },
  ];
  return links.filter((l) => isWebUrl(l.url)).sort((a, b) => Number(b.store === device) - Number(a.store === device));
}

/** #/downloadTemplate: the template's title and text and its store buttons. */
export function renderDownloadPage(view: HTMLElement, state: TemplateState, lang: Language, device: ClientType): void {
  const messages = pageMessages(lang);
  const template = templateOf(state);
  const title = view.querySelector<HTMLElement>('#promo-download-title');
  const text = view.querySelector<HTMLElement>('#promo-download-text');
  const list = view.querySelector<HTMLElement>('#promo-store-list');
  const note = view.querySelector<HTMLElement>('#promo-store-empty');
  // Issue 16: a registered borrower may use the account in the browser too, in the page's language. Home: the
  // registration just made signed this browser in (decision 025); anyone else is sent on to /login from there.
  view.querySelector('#promo-sign-in')?.setAttribute('href', `${routes.main}?language=${languages[lang].type}`);
  // The template's texts when they are in the page's language; else the page's own (never half Spanish).
  const own = template?.textLanguage === lang ? template : undefined;
  if (title) title.textContent = own?.downloadTitle || messages.downloadTitle;
  if (text) text.textContent = own?.downloadText || messages.downloadText;
  const links = storeLinks(state, lang, device);
  list?.replaceChildren(
    ...links.map((link, index) => {
      const item = view.ownerDocument.createElement('li');
      const a = view.ownerDocument.createElement('a');
      a.href = link.url;
      a.rel = 'noopener';
      a.className = index === 0 ? 'promo-store-link promo-store-link-primary' : 'promo-store-link';
      a.dataset.store = link.store;
      a.textContent = link.label;
      item.appendChild(a);
      return item;
    }),
  );
  if (note) {
    note.hidden = links.length > 0;
    note.textContent = state.status === 'loading' ? messages.loading : messages.noStoreLinks;
  }
}
