import { renderToString } from 'react-dom/server';
import type { Brand } from '@presta/contract/brand';
import { routes } from '@presta/contract/routes';
import { App } from '@/app/app';
import { firstCallOf } from '@/app/first-calls';
import { preloadPage } from '@/app/router';
import { setServerBrand } from '@/shared/brand/brand';
import { describeApiCall } from '@/shared/http/api-request';
import { renderingFirstView, type FirstView } from '@/shared/http/first-view';
import type { SentRequest } from '@/shared/http/http-client';
import { initLanguage } from '@/shared/i18n/language-state';
import { renderingAt } from '@/shared/session/page-address';
import { getSessionParams } from '@/shared/session/session-params';

/**
 * The server build of the pages (`vite build -c vite.ssr.config.ts`, loaded
 * by the API server's web-app.ts): a page's first view rendered on the server
 * with its data, which the client hydrates (decision 020, first-view.ts).
 *
 * The server asks `firstViewCall` which call the page at an address makes
 * first, makes it through the API's own route for that request, and hands the
 * answer to `renderFirstView`. Both run for one address at a time: the address,
 * language and first view are module state while a synchronous render runs.
 */

/** The pages rendered on the server: those that take their first data from the first view (their first call: first-calls.ts). */
const firstViewRoutes = new Set<string>([
  routes.loanDetails,
  routes.order,
  routes.repayment,
  routes.repaymentDelay,
  routes.loanStatement,
  routes.confirmLoan,
  routes.main,
]);

export type FirstViewCall = SentRequest & { call: FirstView['call'] };

/** The server's brand (its settings), for what the pages show of it. */
export function setBrand(brand: Partial<Brand>): void {
  setServerBrand(brand);
}

/**
 * The first call of the page at `address` (path and query, as requested) as
 * the page would send it, when the server renders that page's first view: a
 * page of firstViewRoutes, opened with the session in its address (as the
 * native app opens it) and naming what it reads. Else null: the page is sent
 * as it is and makes its call itself.
 */
export function firstViewCall(address: string, origin: string): FirstViewCall | null {
  const url = new URL(address, origin);
  if (!firstViewRoutes.has(url.pathname)) return null;
  return renderingAt(url, () => {
    if (!getSessionParams(url.search).sessionId) return null;
    const call = firstCallOf(url.pathname, url.search);
    if (!call) return null;
    initLanguage(url.search);
    return { ...describeApiCall(call.endpoint, call.payload), call: { path: call.endpoint.path, payload: call.payload } };
  });
}

/** The page at `address` rendered with the answer to its first call: the markup of #root and the first view to send with it. */
export async function renderFirstView(address: string, origin: string, call: FirstView['call'], answer: unknown): Promise<{ html: string; view: FirstView }> {
  const url = new URL(address, origin);
  await preloadPage(url.pathname, url.search);
  return renderingAt(url, () => {
    const view: FirstView = { lang: initLanguage(url.search), call, answer };
    const html = renderingFirstView(view, () => renderToString(<App ssrPath={url.pathname} />));
    return { html, view };
  });
}
