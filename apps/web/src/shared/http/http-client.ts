import { formClientHeaderParams, jsonClientHeaderParams } from '@presta/contract/session-params';
import { sessionSearch } from '@/shared/session/session-params';
import { keepEarlyAnswer, takeEarlyAnswer } from '@/shared/http/early-answers';
import { HttpError } from '@/shared/http/http-error';

/** Request timeout of both clients (§7, §9). */
export const requestTimeoutMs = 60_000;

/** The Retry-After seconds of the answers that carried one (a resend too soon), by their parsed body. */
const retryAfters = new WeakMap<object, number>();

/** The seconds an answer's Retry-After header asked to wait (a positive whole number), else undefined. */
export function retryAfterOf(raw: unknown): number | undefined {
  return raw !== null && typeof raw === 'object' ? retryAfters.get(raw) : undefined;
}

function keepRetryAfter(response: Response, parsed: unknown): void {
  // Test doubles of fetch may answer without headers.
  const headers = response.headers as Headers | undefined;
  const value = typeof headers?.get === 'function' ? (headers.get('retry-after')?.trim() ?? '') : '';
  const seconds = /^\d{1,4}$/.test(value) ? Number(value) : 0;
  if (seconds > 0 && parsed !== null && typeof parsed === 'object') retryAfters.set(parsed, seconds);
}

export type HttpMethod = 'GET' | 'POST';

export type HttpRequest = {
  method: HttpMethod;
  /** Full address, query included. */
  url: string;
  /** JSON client: any JSON value. Form client: the fields to form-encode. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type HttpClient = {
  request(req: HttpRequest): Promise<unknown>;
  /**
   * Starts a request ahead of its caller (the early entry does, before React
   * loads) and keeps its answer for the first `request` with the same method,
   * address, headers and body, which then waits for that answer instead of
   * asking again (once; a failure reaches that caller like its own would).
   * Returns the answer, rejecting like `request`.
   */
  prefetch(req: HttpRequest): Promise<unknown>;
  /**
   * The request as `request` would send it (address, headers, body text),
   * without sending it: the server makes a page's first call itself with it
   * (server-entry.tsx). An upload's body is not text: undefined.
   */
  describe(req: HttpRequest): SentRequest;
};

/** A request as sent: what the server's first-view render hands to the API's own route. */
export type SentRequest = { method: HttpMethod; url: string; headers: Record<string, string>; body: string | undefined };

type PreparedRequest = { req: HttpRequest; headers: Record<string, string>; body: BodyInit | undefined; key: string };

/** A body and its Content-Type; none for FormData, whose multipart boundary the browser writes. */
type BodyEncoder = (body: unknown) => { body: BodyInit; contentType?: string };

export type HttpClientConfig = {
  /** Page URL query parameters copied into request headers of the same name (only those present). */
  headerParams: readonly string[];
  encodeBody: BodyEncoder;
  timeoutMs?: number;
  /** Where the header values come from; by default the page's query string with the tab's session (sessionSearch). */
  search?: () => string;
};

/** A body as part of a request's key: the text itself; a FormData (an upload) only by its kind, "[object FormData]". */
function bodyKey(body: BodyInit): string {
  return typeof body === 'string' ? body : body instanceof URLSearchParams ? body.toString() : Object.prototype.toString.call(body);
}

function scalarText(value: string | number | boolean): string {
  return String(value);
}

function appendFormValue(form: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendFormValue(form, key, item);
    return;
  }
  form.append(key, typeof value === 'object' ? JSON.stringify(value) : scalarText(value as string | number | boolean));
}

/** A payload as application/x-www-form-urlencoded fields (null/undefined dropped, arrays repeated). */
export function toFormBody(payload: unknown): URLSearchParams {
  const form = new URLSearchParams();
  if (payload instanceof URLSearchParams) return payload;
  if (payload && typeof payload === 'object') {
    for (const [key, value] of Object.entries(payload as Record<string, unknown>)) appendFormValue(form, key, value);
  }
  return form;
}

/**
 * Header values must be Latin-1 for fetch; a value with other characters
 * (e.g. a device name with an emoji) travels percent-encoded.
 */
function headerValue(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);
}

function headersFromSearch(search: string, names: readonly string[]): Record<string, string> {
  const query = new URLSearchParams(search);
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = query.get(name);
    if (value !== null && value !== '') headers[name] = headerValue(value);
  }
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function looksLikeWrapper(body: unknown): boolean {
  return body !== null && typeof body === 'object' && ('code' in body || 'success' in body);
}

/**
 * A fetch client: adds `X-Requested-With: XMLHttpRequest` and the configured
 * URL-parameter headers, aborts after the timeout, and returns only the parsed
 * body. A non-2xx answer whose body is a response wrapper is returned as that
 * wrapper (the server answers 4xx with the wrapper); any other non-2xx answer,
 * a network failure, a timeout or an abort rejects with an HttpError. A request
 * identical to one started by `prefetch` gets that one's answer.
 */
export function createHttpClient(config: HttpClientConfig): HttpClient {
  const timeoutMs = config.timeoutMs ?? requestTimeoutMs;
  const search = config.search ?? (() => sessionSearch());

  function prepare(req: HttpRequest): PreparedRequest {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...headersFromSearch(search(), config.headerParams),
      ...req.headers,
    };
    let body: BodyInit | undefined;
    if (req.method !== 'GET' && req.body !== undefined) {
      const encoded = config.encodeBody(req.body);
      body = encoded.body;
      if (encoded.contentType) headers['Content-Type'] = encoded.contentType;
    }
    const key = JSON.stringify([req.method, req.url, Object.entries(headers).sort(), body === undefined ? null : bodyKey(body)]);
    return { req, headers, body, key };
  }

  async function run({ req, headers, body }: PreparedRequest, signal: AbortSignal | undefined): Promise<unknown> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', onCallerAbort, { once: true });

    try {
      const response = await fetch(req.url, {
        method: req.method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      const parsed = await readBody(response);
      keepRetryAfter(response, parsed);
      if (response.ok || looksLikeWrapper(parsed)) return parsed;
      throw new HttpError('status', `HTTP ${response.status}`, response.status, parsed);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (timedOut) throw new HttpError('timeout', `no answer within ${timeoutMs} ms`);
      if (controller.signal.aborted) throw new HttpError('aborted', 'request aborted');
      throw new HttpError('network', error instanceof Error ? error.message : 'network failure');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    async request(req: HttpRequest): Promise<unknown> {
      const prepared = prepare(req);
      return takeEarlyAnswer(prepared.key, req.signal) ?? run(prepared, req.signal);
    },

    describe(req: HttpRequest): SentRequest {
      const { headers, body } = prepare(req);
      return { method: req.method, url: req.url, headers, body: typeof body === 'string' ? body : undefined };
    },

    prefetch(req: HttpRequest): Promise<unknown> {
      const prepared = prepare(req);
      return keepEarlyAnswer(prepared.key, () => run(prepared, req.signal));
    },
  };
}

/** JSON client: headers from the URL parameters crp_phe, dearest, showy, dearer and language. */
export const jsonClient: HttpClient = createHttpClient({
  headerParams: jsonClientHeaderParams,
  encodeBody: (body) => ({ body: JSON.stringify(body), contentType: 'application/json;charset=UTF-8' }),
});

/** Form-encoded client: headers from the URL parameters swift and eyes. A FormData body (an upload) goes as multipart. */
export const formClient: HttpClient = createHttpClient({
  headerParams: formClientHeaderParams,
  encodeBody: (body) =>
    typeof FormData !== 'undefined' && body instanceof FormData
      ? { body }
      : { body: toFormBody(body).toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' },
});
