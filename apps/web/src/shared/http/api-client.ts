import type { DataOf, Endpoint, RequestOf } from '@presta/contract/api/endpoint';
import type { ApiRoute } from '@presta/contract/api/api-routes';
import type { Normalised } from '@presta/contract/envelope';
import { sessionErrorCodes } from '@presta/contract/error-codes';
import { routes } from '@presta/contract/routes';
import { languageParam } from '@presta/contract/session-params';
import { bridgeMessages } from '@presta/contract/bridge-messages';
import { bridge } from '@/shared/bridge/native-bridge';
import { commonMessages } from '@/shared/i18n/common-messages';
import { getLanguage, languageType } from '@/shared/i18n/language-store';
import { getMessage } from '@/shared/i18n/use-messages';
import { clientErrorCodes, formRequest, queryRequest, readAnswer } from '@/shared/http/api-request';
import { formClient, jsonClient, type HttpClient, type HttpRequest } from '@/shared/http/http-client';
import { HttpError } from '@/shared/http/http-error';
import { getSessionParams, withQuery, type QueryParams } from '@/shared/session/session-params';
import { replaceLocation } from '@/shared/session/navigation';
import { hideLoading, showLoading, showToast } from '@/shared/ui/toast';

/**
 * The request helpers of §7 "Common behaviour": postForm, getQuery and callApi.
 * They never reject: every outcome is a normalised result, failures already
 * toasted (unless `silent`), session failures already redirected.
 */

export type RequestOptions = {
  /** When non-empty, a loading toast with this text shows until the answer arrives. */
  loading?: string;
  /** Do not toast a failure (the caller shows it its own way). Session failures still redirect. */
  silent?: boolean;
  /** Cancels the request (e.g. on unmount); the result is a failure with code 'aborted', never toasted. */
  signal?: AbortSignal;
};

export type FormPayload = Record<string, unknown>;

function failure<T>(code: string, message: string, raw: unknown): Normalised<T> {
  return { success: false, code, message, data: null, raw };
}

function clientFailure<T>(error: unknown): Normalised<T> {
  if (error instanceof HttpError) {
    switch (error.kind) {
      case 'timeout':
        return failure(clientErrorCodes.timeout, getMessage(commonMessages, 'networkTimeout'), error);
      case 'aborted':
        return failure(clientErrorCodes.aborted, '', error);
      case 'network': {
        const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
        return failure(clientErrorCodes.network, getMessage(commonMessages, offline ? 'networkOffline' : 'networkError'), error);
      }
      case 'status':
        return failure(clientErrorCodes.invalidResponse, getMessage(commonMessages, 'serverError'), error.body ?? error);
    }
  }
  return failure(clientErrorCodes.invalidResponse, getMessage(commonMessages, 'serverError'), error);
}

/** The joint-logon failure page, keeping the language. */
export function sessionFailureUrl(search: string = typeof location === 'undefined' ? '' : location.search): string {
  const language = new URLSearchParams(search).get(languageParam) || languageType(getLanguage());
  return withQuery(routes.jointLoginFailure, { [languageParam]: language });
}

/**
 * Where a refused session leads (decision 017): in the native app (a host
 * that takes `logoutToLogin`, or a page opened with the app's session id in
 * its address) the joint-logon failure page, as always; in a plain browser,
 * whose session is its cookie, the sign-in page, which comes back here afterwards.
 */
function sessionRefusedUrl(): string {
  const plainBrowser = bridge.transportFor(bridgeMessages.logoutToLogin) === 'browser' && !getSessionParams().sessionId;
  if (!plainBrowser || typeof location === 'undefined') return sessionFailureUrl();
  return withQuery(routes.login, { next: `${location.pathname}${location.search}` });
}

async function send<T>(client: HttpClient, req: HttpRequest, opts: RequestOptions): Promise<Normalised<T>> {
  const loading = opts.loading ?? '';
  if (loading) showLoading(loading);
  let result: Normalised<T>;
  try {
    const body = await client.request({ ...req, signal: opts.signal });
    result = readAnswer<T>(body);
    if (result.code === clientErrorCodes.invalidResponse && !result.message) {
      result.message = getMessage(commonMessages, 'serverError');
    }
  } catch (error) {
    result = clientFailure<T>(error);
  } finally {
    if (loading) hideLoading();
  }

  if (!result.success) {
    if (!opts.silent && result.code !== clientErrorCodes.aborted) showToast(result.message);
    if (sessionErrorCodes.has(result.code)) replaceLocation(sessionRefusedUrl());
  }
  return result;
}

/**
 * POST to API base + path. The query string carries the common device/session
 * parameters of the page URL (wire names + language); the body is the payload
 * form-encoded. Never rejects: failures come back normalised (success false),
 * already toasted unless `silent`.
 */
export function postForm<T = unknown>(path: string, payload: FormPayload = {}, opts: RequestOptions = {}): Promise<Normalised<T>> {
  return send<T>(formClient, formRequest(path, payload), opts);
}

/**
 * POST a multipart form (a file upload) to API base + path, with the common
 * parameters in the query and the form client's headers; otherwise like postForm.
 */
export function postMultipart<T = unknown>(path: string, form: FormData, opts: RequestOptions = {}): Promise<Normalised<T>> {
  return send<T>(formClient, { ...formRequest(path), body: form }, opts);
}

/** GET API base + path with the common parameters and the caller's parameters in the query. */
export function getQuery<T = unknown>(path: string, params: QueryParams = {}, opts: RequestOptions = {}): Promise<Normalised<T>> {
  return send<T>(jsonClient, queryRequest(path, params), opts);
}

/**
 * Calls a contract endpoint with postForm or getQuery by its method. The answer
 * is typed by the endpoint's data schema but not validated at run time (that
 * would ship zod's parser to every page); the server validates its side.
 *
 * The route (method and path) comes from the zod-free `apiRoutes`; the types
 * come from the endpoint's schemas through a type-only import, so no page
 * bundles zod:
 *
 *   import { apiRoutes } from '@presta/contract/api/api-routes';
 *   import type { loanDetails } from '@presta/contract/api/loan';
 *   const res = await callApi<typeof loanDetails>(apiRoutes.loanDetails, { orderId }, { loading: t('loading') });
 *   if (res.success && res.data) render(res.data.orderStatus);
 */
export function callApi<E extends Endpoint>(
  endpoint: ApiRoute,
  payload: RequestOf<E>,
  opts?: RequestOptions,
): Promise<Normalised<DataOf<E>>> {
  const fields = (payload ?? {}) as Record<string, unknown>;
  if (endpoint.method === 'GET') {
    return getQuery<DataOf<E>>(endpoint.path, fields as QueryParams, opts);
  }
  return postForm<DataOf<E>>(endpoint.path, fields, opts);
}
