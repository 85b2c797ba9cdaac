import type { FastifyBaseLogger } from 'fastify';
import { ProviderUnavailable } from '../payment-provider';

/*
 * RazorpayX's API over fetch (docs/providers/razorpayx.md "Calls"): Basic auth with the key id and secret, JSON in and
 * out, one attempt per call within the payout timeout. No answer, a 5xx, a 429, a 401 or an unreadable body:
 * ProviderUnavailable (the caller looks the payout up by its reference; it never sends it under a new key).
 * Any other answer is given back as it is: the caller reads a 2xx's entity or a 4xx's `error`.
 */

export type RazorpayxSettings = {
  /** https://api.razorpay.com (RAZORPAYX_API_URL), without /v1. */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  /** The lender's RazorpayX business account (RAZORPAYX_ACCOUNT_NUMBER): payouts are paid from it. */
  accountNumber: string;
  webhookSecret: string;
  timeoutMs: number;
};

export type RazorpayxAnswer = { status: number; body: Record<string, unknown> };
export type RazorpayxCall = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; headers?: Record<string, string> };

const PROVIDER = 'razorpayx';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export type RazorpayxApi = { call(call: RazorpayxCall): Promise<RazorpayxAnswer>; accountNumber: string };

export function razorpayxApi(settings: RazorpayxSettings, log?: FastifyBaseLogger): RazorpayxApi {
  const authorization = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;
  const base = settings.apiUrl.replace(/\/+$/, '');

  async function call(c: RazorpayxCall): Promise<RazorpayxAnswer> {
    let res: Response;
    try {
      res = await fetch(`${base}${c.path}`, {
        method: c.method,
        headers: { authorization, accept: 'application/json', ...(c.body === undefined ? {} : { 'content-type': 'application/json' }), ...c.headers },
        body: c.body === undefined ? undefined : JSON.stringify(c.body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
      log?.warn({ razorpayx: { call: c.name, reason } }, 'razorpayx did not answer');
      throw new ProviderUnavailable(PROVIDER, `${c.name}: ${reason}`);
    }
    if (res.status >= 500 || res.status === 429 || res.status === 401) {
      await res.body?.cancel();
      if (res.status === 401) log?.error({ razorpayx: { call: c.name, status: 401 } }, 'razorpayx refused our key id and secret: check RAZORPAYX_KEY_ID and RAZORPAYX_KEY_SECRET');
      else log?.warn({ razorpayx: { call: c.name, status: res.status } }, 'razorpayx is unavailable');
      throw new ProviderUnavailable(PROVIDER, `${c.name}: http_${res.status}`);
    }
    try {
      const body: unknown = await res.json();
      return { status: res.status, body: isObject(body) ? body : {} };
    } catch {
      throw new ProviderUnavailable(PROVIDER, `${c.name}: http_${res.status}_unreadable`);
    }
  }

  return { call, accountNumber: settings.accountNumber };
}

export const isSuccess = (answer: RazorpayxAnswer) => answer.status >= 200 && answer.status < 300;

/** A 4xx's words for staff: RazorpayX's `error.description` (and its field), never personal data of ours. */
export function refusalOf(answer: RazorpayxAnswer): string {
  const error = isObject(answer.body.error) ? answer.body.error : {};
  const description = typeof error.description === 'string' ? error.description.slice(0, 200) : `http ${answer.status}`;
  const field = typeof error.field === 'string' && error.field ? ` (${error.field.slice(0, 60)})` : '';
  return `${description}${field}`;
}
