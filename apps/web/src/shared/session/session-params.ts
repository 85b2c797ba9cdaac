import {
  languageParam,
  readSessionParams,
  sessionParamNames,
  toWireParams,
  type SessionParams,
} from '@presta/contract/session-params';
import { getLanguage, languageType } from '@/shared/i18n/language-state';
import { pageOrigin, pageSearch } from '@/shared/session/page-address';
import { sessionFor, tabSessionParams } from '@/shared/session/tab-session';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

const currentSearch = pageSearch;
const currentOrigin = pageOrigin;

/**
 * The session parameters of a page: productId and orderId from its query
 * string (wire names, readable names as fallback); the session id and the
 * device values from the query string when it carries them, else the tab's
 * (the address bar no longer shows them once read: tab-session.ts).
 */
export function getSessionParams(search: string = currentSearch()): SessionParams {
  const fromAddress = readSessionParams(Object.fromEntries(new URLSearchParams(search)));
  const page: SessionParams = {};
  if (fromAddress.productId !== undefined) page.productId = fromAddress.productId;
  if (fromAddress.orderId !== undefined) page.orderId = fromAddress.orderId;
  return { ...sessionFor(fromAddress), ...page };
}

/**
 * The page's query string with the session's wire parameters added where it
 * lacks them: what the http clients copy their header values from (§7: swift,
 * eyes, crp_phe, dearest, showy, dearer), as they did from the address.
 */
export function sessionSearch(search: string = currentSearch()): string {
  const query = new URLSearchParams(search);
  for (const [name, value] of Object.entries(toWireParams(getSessionParams(search)))) {
    if (!query.has(name)) query.set(name, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * The common parameters every call and every full-page link carries: the
 * session wire parameters of the page (getSessionParams), plus `language`
 * (the URL's value, else the current language's type).
 */
export function commonParams(search: string = currentSearch()): Record<string, string> {
  const wire = toWireParams(getSessionParams(search));
  const language = new URLSearchParams(search).get(languageParam) || languageType(getLanguage());
  return { ...wire, [languageParam]: language };
}

/**
 * Adds query parameters to a path or URL (existing ones are kept unless
 * overridden; null/undefined/'' values are dropped). A same-origin result is
 * returned as path + query + hash, another origin as a full URL.
 */
export function withQuery(pathOrUrl: string, params: QueryParams = {}): string {
  const url = new URL(pathOrUrl, currentOrigin() + '/');
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') url.searchParams.delete(key);
    else url.searchParams.set(key, String(value));
  }
  return url.origin === currentOrigin() ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * A same-origin page address that carries the current session (the page's
 * session wire parameters, the tab's included, plus `language`) and `extra`,
 * which wins: for full-page navigations (§2), whose new document reads the
 * session from its address.
 *
 *   pageUrl(routes.loanDetails, { orderId: '12' }) → "/loan-details?crp_phe=…&swift=…&orderId=12&language=2"
 */
export function pageUrl(path: string, extra: Record<string, string | number | undefined> = {}): string {
  const url = new URL(path, currentOrigin() + '/');
  // Parameters already written in `path` win over the carried session; `extra` wins over both.
  const carried: QueryParams = {};
  for (const [key, value] of Object.entries(commonParams())) {
    if (!url.searchParams.has(key)) carried[key] = value;
  }
  return withQuery(path, { ...carried, ...extra });
}

/**
 * A same-origin address for a navigation inside the app (the router's Link
 * and navigate): like pageUrl, but without the session id and the device
 * values, which the tab already holds (decision 011), so that the address bar
 * never shows them. Full-page navigations use pageUrl.
 */
export function inAppUrl(path: string, extra: Record<string, string | number | undefined> = {}): string {
  const url = new URL(pageUrl(path, extra), currentOrigin() + '/');
  for (const name of tabSessionParams) {
    url.searchParams.delete(sessionParamNames[name]);
    url.searchParams.delete(name);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** An absolute address (for the native host, which opens a new web view). */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, currentOrigin() + '/').href;
}
