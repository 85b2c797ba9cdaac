import type { FastifyBaseLogger } from 'fastify';
import { ProviderUnavailable } from '../payment-provider';

/*
 * One call to a payment provider's API, the way every adapter must make it (docs/payments.md "The interface"): within
 * a time budget, retried on a network error, a 5xx or a 429 under the same idempotency key, then ProviderUnavailable —
 * never a hang, never another error for an outage. The log names the provider, the method, the path, the status and
 * the attempt; never a header, a body, a key or the query (it may carry ids of people).
 */

export type ProviderRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The provider's idempotency header and its value, sent unchanged on every attempt (Razorpay's X-Payout-Idempotency...). */
  idempotency?: { header: string; key: string };
};

export type ProviderResponse = { status: number; headers: Headers; text: string };

export type ProviderCallOptions = {
  /** The whole call's budget, every attempt and wait included (PAYMENT_PROVIDER_TIMEOUT_MS). */
  timeoutMs: number;
  /** Attempts at most, the first included (3). */
  attempts?: number;
  /** Wait before the second attempt, doubled after each (200 ms); a 429's Retry-After is taken when it fits the budget. */
  firstRetryMs?: number;
  log?: FastifyBaseLogger;
  /** The fetch to use (tests). */
  fetch?: typeof fetch;
};

/** A status worth trying again: the provider's own trouble, or its rate limit. */
const retryable = (status: number) => status >= 500 || status === 429;

/**
 * Calls the provider. Resolves with any answer it should read (2xx, and a 4xx other than 401, 403 and 429: a refusal
 * of this request, the adapter's to judge); rejects with ProviderUnavailable when the budget runs out, the attempts
 * fail (network, 5xx, 429), or the provider refuses our credentials (401, 403: not retried, nothing will change).
 */
export async function callProvider(provider: string, request: ProviderRequest, options: ProviderCallOptions): Promise<ProviderResponse> {
  const { timeoutMs, attempts = 3, firstRetryMs = 200, log, fetch: fetchFn = fetch } = options;
  const deadline = Date.now() + timeoutMs;
  const path = pathOf(request.url);
  let failure = 'no attempt made';
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const started = Date.now();
    try {
      const response = await fetchFn(request.url, {
        method: request.method,
        headers: { ...request.headers, ...(request.idempotency ? { [request.idempotency.header]: request.idempotency.key } : {}) },
        ...(request.body === undefined ? {} : { body: request.body }),
        signal: AbortSignal.timeout(left),
      });
      const text = await response.text();
      log?.info({ provider, method: request.method, path, status: response.status, attempt, ms: Date.now() - started }, 'payment provider call');
      if (response.status === 401 || response.status === 403) throw new ProviderUnavailable(provider, `${request.method} ${path}: ${response.status}, our credentials refused`);
      if (!retryable(response.status)) return { status: response.status, headers: response.headers, text };
      failure = `${request.method} ${path}: ${response.status}`;
      if (attempt < attempts) await pause(waitBefore(attempt, firstRetryMs, response.headers.get('retry-after')), deadline);
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw error;
      failure = `${request.method} ${path}: ${error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'network error'}`;
      log?.warn({ provider, method: request.method, path, attempt, ms: Date.now() - started, failure }, 'payment provider call failed');
      if (attempt < attempts) await pause(waitBefore(attempt, firstRetryMs, null), deadline);
    }
  }
  throw new ProviderUnavailable(provider, `${failure} (after ${timeoutMs} ms or ${attempts} attempts)`);
}

/** The address's path alone (no query, no host): what the log may name. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '?';
  }
}

/** The wait after attempt `attempt`: the provider's Retry-After (seconds) when it gives one, else growing waits. */
function waitBefore(attempt: number, firstRetryMs: number, retryAfter: string | null): number {
  const seconds = retryAfter !== null && /^\d{1,4}$/.test(retryAfter) ? Number(retryAfter) : undefined;
  return seconds !== undefined ? seconds * 1000 : firstRetryMs * 2 ** (attempt - 1);
}

/** Waits `ms`, but never past the deadline (the next attempt then finds no budget left and the call gives up). */
function pause(ms: number, deadline: number): Promise<void> {
  const wait = Math.max(0, Math.min(ms, deadline - Date.now()));
  return new Promise((resolve) => setTimeout(resolve, wait));
}
