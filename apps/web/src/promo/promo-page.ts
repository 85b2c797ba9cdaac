import type { Language } from '@presta/contract/language';
import { promotionCodes } from '@presta/contract/promotion-rules';
import { initLanguage } from '@/shared/i18n/language-state';
import { renderAgreementPage } from './agreement-page';
import { createPromoApi, PromoNetworkError, type PromoApi } from './api';
import { clientType } from './device';
import { renderDownloadPage } from './download-page';
import { pageMessages } from './messages';
import { createNotices } from './notices';
import { agreementHash, downloadHash, readPromoQuery } from './query';
import { setupRegistration } from './registration';
import { routeFromHash, showRoute, type PromoRoute, type PromoViews } from './router';
import { applyStaticTexts } from './static-texts';
import { readTemplate } from './template';
import type { TemplateState } from './template-state';
import { createToaster } from './toast';

function byId<T extends HTMLElement>(doc: Document, id: string): T {
  const el = doc.getElementById(id);
  if (!el) throw new Error(`promo/index.html has no #${id}`);
  return el as T;
}

/**
 * Starts the landing page on the static markup of promo/index.html: language,
 * query (§2), the template (GET channel-template; '00' keeps it, any other
 * code shows the server's message), the hash routes and the registration form.
 */
export function startPromoPage({
  doc = document,
  lang = initLanguage(),
  api = createPromoApi({ language: lang }),
}: { doc?: Document; lang?: Language; api?: PromoApi } = {}): { ready: Promise<void>; stop: () => void } {
  const win = doc.defaultView ?? window;
  const { location } = win;
  applyStaticTexts(lang, doc);

  const query = readPromoQuery(location.search, location.hash);
  const device = clientType(win.navigator.userAgent, win.navigator.maxTouchPoints);
  const notices = createNotices(createToaster(byId(doc, 'promo-toast')));
  const views: PromoViews = {
    registration: byId(doc, 'promo-registration'),
    download: byId(doc, 'promo-download'),
    agreement: byId(doc, 'promo-agreement'),
  };
  byId<HTMLAnchorElement>(doc, 'promo-agreement-link').href = agreementHash(query);

  let template: TemplateState = { status: 'loading' };
  const registration = setupRegistration({
    form: byId(doc, 'promo-form'),
    api,
    notices,
    query,
    lang,
    device,
    template: () => template,
    goToDownload: () => {
      location.hash = downloadHash(query);
    },
  });

  const messages = pageMessages(lang);
  const titles = (route: PromoRoute) =>
    route === 'registration' ? messages.pageTitle : (views[route].querySelector('h1')?.textContent ?? messages.pageTitle);

  let current: PromoRoute = routeFromHash(location.hash);
  const renderTemplatePages = () => {
    renderDownloadPage(views.download, template, lang, device);
    renderAgreementPage(views.agreement, template, lang);
    const appName = template.status === 'ready' ? template.template.appName : '';
    if (appName) for (const el of doc.querySelectorAll('.promo-app-name')) el.textContent = appName;
    doc.title = titles(current);
  };

  const route = (moveFocus: boolean) => {
    current = routeFromHash(location.hash);
    showRoute(views, current, { moveFocus });
    doc.title = titles(current);
    if (current === 'registration') void registration.start();
  };

  renderTemplatePages();
  route(false);
  const onHashChange = () => route(true);
  win.addEventListener('hashchange', onHashChange);

  const ready = api
    .channelTemplate(query.id)
    .then((answer) => {
      const record = answer.code === promotionCodes.templateOk ? readTemplate(answer.data) : null;
      template = record ? { status: 'ready', template: record } : { status: 'failed' };
      if (!record) notices.server(answer.message);
    })
    .catch((error: unknown) => {
      template = { status: 'failed' };
      if (error instanceof PromoNetworkError) notices.fixed('networkError');
      else throw error;
    })
    .finally(renderTemplatePages);
  return { ready, stop: () => win.removeEventListener('hashchange', onHashChange) };
}
