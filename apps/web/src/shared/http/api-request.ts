import type { ApiRoute } from '@presta/contract/api/api-routes';
import type { Endpoint, RequestOf } from '@presta/contract/api/endpoint';
import { normaliseResponse, type Normalised } from '@presta/contract/envelope';
import { unscrambleKeys } from '@presta/contract/key-mapping';
import { apiUrl } from '@/shared/http/api-base';
import { firstAnswerOf } from '@/shared/http/first-view';
import { formClient, jsonClient, type HttpRequest, type SentRequest } from '@/shared/http/http-client';
import { commonParams, withQuery, type QueryParams } from '@/shared/session/session-params';

/**
 * The requests of the api-client helpers, and their answers read, without the
 * toasts and redirects of api-client.ts (which loads antd-mobile): the early
 * entry uses this file before React loads, so it must stay light.
 */

/** Codes of the failures the client makes up itself (the server's codes are in error-codes.ts). */
export const clientErrorCodes = {
  network: 'network_error',
  timeout: 'timeout',
  aborted: 'aborted',
  invalidResponse: 'invalid_response',
} as const;

const clientCodes = new Set<string>(Object.values(clientErrorCodes));

/** A failure the client made up itself, or an answer without a code: not the server's refusal. */
export function isClientFailure(code: string): boolean {
  return code === '' || clientCodes.has(code);
}

/** postForm's request: API base + path with the common params in the query, the payload as the body. */
export function formRequest(path: string, payload: Record<string, unknown> = {}): HttpRequest {
  return { method: 'POST', url: withQuery(apiUrl(path), commonParams()), body: payload };
}

/** getQuery's request: API base + path with the common and the caller's params in the query. */
export function queryRequest(path: string, params: QueryParams = {}): HttpRequest {
  return { method: 'GET', url: withQuery(apiUrl(path), { ...commonParams(), ...params }) };
}

/** An answer body, normalised, its data with readable keys. */
export function readAnswer<T>(body: unknown): Normalised<T> {
  const normalised = normaliseResponse<unknown>(body);
  return { ...normalised, data: normalised.data === null ? null : unscrambleKeys<T>(normalised.data) };
}

/**
 * The server's answer to the call `endpoint` with `payload` that came with the
 * page (first-view.ts), read as callApi reads an answer; null when the page
 * came without it.
 */
export function firstAnswer<T>(endpoint: ApiRoute, payload: Record<string, unknown>): Normalised<T> | null {
  const answer = firstAnswerOf(endpoint, payload);
  return answer === undefined ? null : readAnswer<T>(answer);
}

/**
 * Starts callApi's request for an endpoint ahead of the page (see
 * HttpClient.prefetch): the page's identical callApi then gets this answer,
 * with its usual failure handling. Returns the raw answer.
 */
export function prefetchApi<E extends Endpoint>(endpoint: ApiRoute, payload: RequestOf<E>): Promise<unknown> {
  const fields = (payload ?? {}) as Record<string, unknown>;
  if (endpoint.method === 'GET') return jsonClient.prefetch(queryRequest(endpoint.path, fields as QueryParams));
  return formClient.prefetch(formRequest(endpoint.path, fields));
}

/** callApi's request for an endpoint as it would be sent (HttpClient.describe): the server's first-view call. */
export function describeApiCall(endpoint: ApiRoute, payload: Record<string, unknown>): SentRequest {
  if (endpoint.method === 'GET') return jsonClient.describe(queryRequest(endpoint.path, payload as QueryParams));
  return formClient.describe(formRequest(endpoint.path, payload));
}

/**
 * The address of a borrower call or resource (API base + path + the common
 * params, session included), for what is not sent through the form client:
 * an <img> of a stored complaint image, a multipart upload.
 */
export function apiAddress(path: string): string {
  return withQuery(apiUrl(path), commonParams());
}
