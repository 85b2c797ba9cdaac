/**
 * The session parameters that the native host puts in the page URL and that the
 * pages forward on every API call (§2, §7). Readable name → the real name on the
 * wire. The wire names are a contract with apps in the field.
 */
export const sessionParamNames = {
  appVersion: 'crp_phe',
  deviceName: 'dearest',
  deviceId: 'showy',
  osVersion: 'dearer',
  sessionId: 'swift',
  advertisingId: 'eyes',
  productId: 'productId',
  orderId: 'orderId',
} as const;

export type SessionParamName = keyof typeof sessionParamNames;
export type SessionParams = Partial<Record<SessionParamName, string>>;

/**
 * The cookie that carries a plain browser's session (issue 16, decision 017): HttpOnly, so no page reads it;
 * the server sets it at sign-in with client=web and reads it when a call carries no `swift`.
 */
export const sessionCookieName = 'presta_session';

/** Query parameter carrying the language type: '1' English, '2' Spanish. */
export const languageParam = 'language';

/** URL parameters the JSON client copies into request headers (§7). */
export const jsonClientHeaderParams = ['crp_phe', 'dearest', 'showy', 'dearer', 'language'] as const;
/** URL parameters the form-encoded client copies into request headers (§7). */
export const formClientHeaderParams = ['swift', 'eyes'] as const;

/** Readable and wire names, listed once (every borrower call reads them). */
const sessionParamEntries = Object.entries(sessionParamNames) as [SessionParamName, string][];

/**
 * Reads the session parameters from a query object, accepting either the wire
 * name or the readable name (plain-key fallback).
 */
export function readSessionParams(query: Record<string, unknown>): SessionParams {
  const out: SessionParams = {};
  for (const [readable, wire] of sessionParamEntries) {
    const value = query[wire] ?? query[readable];
    if (typeof value === 'string' && value !== '') out[readable] = value;
    else if (typeof value === 'number') out[readable] = String(value);
  }
  return out;
}

/** Turns readable session params into wire-named query entries (empty ones dropped). */
export function toWireParams(params: SessionParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [readable, wire] of Object.entries(sessionParamNames) as [SessionParamName, string][]) {
    const value = params[readable];
    if (value !== undefined && value !== '') out[wire] = value;
  }
  return out;
}
