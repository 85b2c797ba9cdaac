import type { DataOf, Endpoint, RequestOf } from '@presta/contract/api/endpoint';
import { csrfHeaderName, staffRolesHeaderName } from '@presta/contract/api/console/session';
import { normaliseResponse } from '@presta/contract/envelope';
import { languageParam } from '@presta/contract/session-params';
import { currentLanguage } from '@/shared/i18n/i18n';

/*
 * The console's one way to call the server (issue 17): a contract endpoint and its request. GET sends the request
 * as the query; POST as JSON with the session's CSRF token. The answer's `message` is already in the console's
 * language (the language header); a refusal becomes an ApiError with the HTTP status, the code and that message.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let csrfToken = '';
/** The CSRF token of the session (from sign-in or /me), sent with every POST. */
export function setCsrfToken(token: string) {
  csrfToken = token;
}

type Listener = () => void;
const signedOutListeners = new Set<Listener>();
/** Called when a call answers 401: the session has ended (expired, signed out elsewhere, reset by an admin). */
export function onSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

type RolesListener = (roles: string[]) => void;
const rolesListeners = new Set<RolesListener>();
/**
 * Called with the member's roles as every console call's answer names them (the server reads them on each call): a
 * change made by an admin meanwhile shows at the member's next call, without a reload.
 */
export function onRolesRead(listener: RolesListener): () => void {
  rolesListeners.add(listener);
  return () => rolesListeners.delete(listener);
}

function queryOf(request: Record<string, unknown>): string {
  const pairs = Object.entries(request)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]): [string, string] => [k, String(v as string | number | boolean)]);
  return pairs.length > 0 ? `?${new URLSearchParams(pairs).toString()}` : '';
}

const timeoutMs = 20_000;

export async function call<E extends Endpoint>(endpoint: E, request: RequestOf<E>): Promise<DataOf<E>> {
  const headers: Record<string, string> = { accept: 'application/json', [languageParam]: currentLanguage() };
  let url = endpoint.path;
  let body: string | undefined;
  if (endpoint.method === 'GET') {
    url += queryOf(request as Record<string, unknown>);
  } else {
    headers['content-type'] = 'application/json';
    headers[csrfHeaderName] = csrfToken;
    body = JSON.stringify(request);
  }
  return send<DataOf<E>>(url, { method: endpoint.method, headers, body });
}

/** A multipart POST (files), with the CSRF token; the answer read as call's. */
export async function callMultipart<E extends Endpoint>(endpoint: E, form: FormData): Promise<DataOf<E>> {
  const headers: Record<string, string> = { accept: 'application/json', [languageParam]: currentLanguage(), [csrfHeaderName]: csrfToken };
  return send<DataOf<E>>(endpoint.path, { method: 'POST', headers, body: form });
}

async function send<T>(url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin', signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new ApiError(0, 'network', '');
  }
  let raw: unknown = null;
  try {
    raw = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status says what happened.
  }
  const answer = normaliseResponse<T>(raw);
  if (response.status === 401 && !url.endsWith('/sign-in')) for (const listener of signedOutListeners) listener();
  const roles = response.headers.get(staffRolesHeaderName);
  if (roles !== null) for (const listener of rolesListeners) listener(roles === '' ? [] : roles.split(','));
  if (!response.ok || !answer.success) throw new ApiError(response.status, answer.code, answer.message);
  return answer.data as T;
}
