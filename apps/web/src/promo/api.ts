import { apiRoutes, type ApiRoute } from '@presta/contract/api/api-routes';
import type { DataOf, Endpoint, RequestOf } from '@presta/contract/api/endpoint';
// Types only (erased): the page ships no zod; the contract's schemas type what it sends and what it reads.
import type { channelTemplate, getSid, getSms, register, trackClick, trackVisit } from '@presta/contract/api/promotion';
import { languages, type Language } from '@presta/contract/language';
import { languageParam } from '@presta/contract/session-params';
import { apiUrl } from '@/shared/http/api-base';
import type { ClientType } from './device';

/**
 * The promotion calls of §7 with fetch (no http library, no zod: the page
 * reads the few fields it needs). Every answer is the wrapper
 * `{ success, code, message, data }`, refusals included (they come with a 4xx
 * status); a request that fails, times out (60 s, §7) or answers something
 * that is not the wrapper throws PromoNetworkError, which the page shows as
 * 'error' (§8).
 */
export type PromoAnswer<E extends Endpoint = Endpoint> = {
  code: string;
  message: string;
  /**
   * The contract's data of the call (its schema's output, which the server checks before sending;
   * null with the other codes). Not checked here (no zod): the page reads it defensively (readTemplate).
   */
  data: DataOf<E> | null;
  /** A resend refused as too soon (429): the seconds to wait, from the Retry-After header. */
  retryAfter?: number;
};

export class PromoNetworkError extends Error {
  constructor(cause?: unknown) {
    super('promotion call failed', { cause });
    this.name = 'PromoNetworkError';
  }
}

/** §7: 60000 ms. */
export const PROMO_REQUEST_TIMEOUT_MS = 60_000;

/** A call's payload as sent: the contract's request fields (z.input), strings or numbers. */
type Fields = Record<string, string | number | undefined>;

/**
 * Drops absent values: the GET calls' optional parameters. The POST bodies list every field of §7's
 * payload, empty ones included (an empty sid before get-sid answered, an absent app_from…).
 */
function compact(params: Fields): Record<string, string> {
  return Object.fromEntries(Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
}

/** The Retry-After header's seconds (a positive whole number), else undefined. */
export function retryAfterSeconds(value: string | null): number | undefined {
  const seconds = value !== null && /^\d{1,4}$/.test(value.trim()) ? Number(value) : 0;
  return seconds > 0 ? seconds : undefined;
}

function readAnswer<E extends Endpoint>(body: unknown, retryAfter?: number): PromoAnswer<E> {
  if (body === null || typeof body !== 'object' || !('code' in body)) throw new PromoNetworkError('not the response wrapper');
  const r = body as Record<string, unknown>;
  return {
    code: String(r.code),
    message: typeof r.message === 'string' ? r.message : typeof r.msg === 'string' ? r.msg : '',
    data: (r.data ?? null) as DataOf<E> | null,
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}

/** Tracking fields of track-visit and track-click (§7); the page type is set here, the client type is always known. */
export type TrackingParams = Omit<RequestOf<typeof trackVisit>, 'page_type' | 'client_type'> & { client_type: ClientType };

/** get-sms's fields the page gives (deviceId is the sid). */
export type SmsRequest = Omit<RequestOf<typeof getSms>, 'deviceId'>;

/** register's fields the page gives (deviceId is the sid, userName the phone, merchantNumber '0'). */
export type RegisterRequest = SmsRequest & Pick<RequestOf<typeof register>, 'smsCode' | 'invite_code' | 'id'>;

export type PromoApi = ReturnType<typeof createPromoApi>;

type CallOptions = { language: Language; timeoutMs: number };

/** The fetch options of a call: §7's headers, the language of the server's messages, a form body for POST. */
function requestInit(route: ApiRoute, fields: string, language: Language, signal: AbortSignal): RequestInit {
  const isGet = route.method === 'GET';
  return {
    method: route.method,
    headers: {
      accept: 'application/json',
      // §7: both clients mark their requests as XMLHttpRequest.
      'x-requested-with': 'XMLHttpRequest',
      // The language of the server's messages ('1' English, '2' Spanish).
      [languageParam]: languages[language].type,
      ...(isGet ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: isGet ? undefined : fields,
    credentials: 'same-origin',
    signal,
  };
}

/** One call of endpoint E: its payload typed by the contract's request, its answer by the contract's data. */
async function promoCall<E extends Endpoint>(route: ApiRoute, params: RequestOf<E>, { language, timeoutMs }: CallOptions): Promise<PromoAnswer<E>> {
  const fields = new URLSearchParams(compact(params as Fields)).toString();
  const query = route.method === 'GET' && fields ? `?${fields}` : '';
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await fetch(apiUrl(route.path) + query, requestInit(route, fields, language, abort.signal));
    // Test doubles of fetch may answer without headers.
    const headers = response.headers as Headers | undefined;
    const retryAfter = typeof headers?.get === 'function' ? headers.get('retry-after') : null;
    return readAnswer<E>(await response.json(), retryAfterSeconds(retryAfter));
  } catch (error) {
    throw error instanceof PromoNetworkError ? error : new PromoNetworkError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** get-sms's payload: every field of §7's, in its order, empty when the landing address (or the template) has no value for it. */
const smsFields = (r: SmsRequest): RequestOf<typeof getSms> => ({
  phone: r.phone,
  capcode: r.capcode,
  sid: r.sid,
  deviceId: r.sid,
  appName: r.appName ?? '',
  app_from: r.app_from ?? '',
  user_from: r.user_from ?? '',
  utm_tag: r.utm_tag ?? '',
});

/** register's payload: every field of §7's, in its order, always: app_from, user_from, invite_code, id… empty when absent (issue 14). */
const registerFields = (r: RegisterRequest): RequestOf<typeof register> => ({
  phone: r.phone,
  capcode: r.capcode,
  sid: r.sid,
  deviceId: r.sid,
  appName: r.appName ?? '',
  merchantNumber: '0',
  userName: r.phone,
  smsCode: r.smsCode,
  invite_code: r.invite_code ?? '',
  user_from: r.user_from ?? '',
  id: r.id ?? '',
  app_from: r.app_from ?? '',
  utm_tag: r.utm_tag ?? '',
});

export function createPromoApi({ language, timeoutMs = PROMO_REQUEST_TIMEOUT_MS }: { language: Language; timeoutMs?: number }) {
  const options = { language, timeoutMs };
  /** Tracking answers are ignored (§7), failures too. */
  const track = <E extends typeof trackVisit | typeof trackClick>(route: ApiRoute, params: RequestOf<E>) => {
    promoCall<E>(route, params, options).catch(() => undefined);
  };

  return {
    /** '00' gives the template record in data. */
    channelTemplate: (templateId: string | undefined) => promoCall<typeof channelTemplate>(apiRoutes.channelTemplate, { templateId }, options),
    /** The page view (page_type 1: the registration page). */
    trackVisit: (p: TrackingParams) => track<typeof trackVisit>(apiRoutes.trackVisit, { ...p, page_type: '1' }),
    /** The apply click, sent before registering. */
    trackClick: (p: TrackingParams & { phone: string }) => track<typeof trackClick>(apiRoutes.trackClick, { ...p, page_type: '1' }),
    /** '0' gives data.sid. */
    getSid: () => promoCall<typeof getSid>(apiRoutes.getSid, {}, options),
    /** The captcha image's address; a new timestamp draws a new image. */
    captchaUrl: (sid: string, timestamp: number) => `${apiUrl(apiRoutes.getCaptcha.path)}?${new URLSearchParams({ sid, t: String(timestamp) })}`,
    /** '0' sent, '101' captcha wrong, '11' already registered. */
    getSms: (r: SmsRequest) => promoCall<typeof getSms>(apiRoutes.getSms, smsFields(r), options),
    /** '0' registered, '11' already registered, '-1' captcha wrong. */
    register: (r: RegisterRequest) => promoCall<typeof register>(apiRoutes.register, registerFields(r), options),
  };
}
