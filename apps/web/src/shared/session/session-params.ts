import {
  languageParam,
  readSessionParams,
  toWireParams,
  type SessionParams,
} from '@presta/contract/session-params';
import { getLanguage, languageType } from '@/shared/i18n/language-state';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

function currentSearch(): string {
  return typeof location === 'undefined' ? '' : location.search;
}

function currentOrigin(): string {
  return typeof location === 'undefined' ? 'http://localhost' : location.origin;
}

/** The session parameters of a query string (wire names, readable names as fallback). */
export function getSessionParams(search: string = currentSearch()): SessionParams {
  return readSessionParams(Object.fromEntries(new URLSearchParams(search)));
}

/**
 * The common parameters every call and every link carries: each session wire
 * parameter present in the URL, plus `language` (the URL's value, else the
 * current language's type).
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
 * A same-origin page address that carries the current session (every session
 * wire parameter of the current URL, plus `language`) and `extra`, which wins.
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

/** An absolute address (for the native host, which opens a new web view). */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, currentOrigin() + '/').href;
}
