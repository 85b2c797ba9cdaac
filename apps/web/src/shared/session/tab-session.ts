import {
  readSessionParams,
  sessionParamNames,
  type SessionParamName,
  type SessionParams,
} from '@presta/contract/session-params';

/**
 * The session of the tab (decision 011): the parameters that say who is
 * asking, taken out of the address bar once read and kept in sessionStorage
 * for the tab's life, so that an address copied or shared from the bar
 * carries no live session while a reload and in-app navigation keep working.
 * productId, orderId and language stay in the address: they say what the
 * page shows and open nothing without the session.
 *
 * This file does not import React: the early entry runs it before anything
 * else reads the address.
 */

/** The session id and the device and advertising values (wire names swift, crp_phe, dearest, showy, dearer, eyes). */
export const tabSessionParams = [
  'appVersion',
  'deviceName',
  'deviceId',
  'osVersion',
  'sessionId',
  'advertisingId',
] as const satisfies readonly SessionParamName[];

export type TabSessionParam = (typeof tabSessionParams)[number];
export type TabSession = Partial<Record<TabSessionParam, string>>;

/** sessionStorage key of the tab's session (wire names are not used as keys: the readable ones are). */
export const tabSessionStorageKey = 'presta.session';

/** Every name a session parameter may have in an address: its wire name and its readable name. */
const addressNames = new Set<string>(tabSessionParams.flatMap((name) => [sessionParamNames[name], name]));

/** The tab's part of some session parameters (the page's part, productId and orderId, left out). */
export function tabPart(params: SessionParams): TabSession {
  const out: TabSession = {};
  for (const name of tabSessionParams) {
    const value = params[name];
    if (value !== undefined && value !== '') out[name] = value;
  }
  return out;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // A web view with DOM storage turned off, or storage blocked: no tab session.
    return null;
  }
}

/** The session the tab holds ({} when none, or when sessionStorage cannot be read). */
export function readTabSession(): TabSession {
  let raw: string | null;
  try {
    raw = storage()?.getItem(tabSessionStorageKey) ?? null;
  } catch {
    return {};
  }
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object') return {};
    const stored = parsed as Record<string, unknown>;
    const out: TabSession = {};
    for (const name of tabSessionParams) {
      const value = stored[name];
      if (typeof value === 'string' && value !== '') out[name] = value;
    }
    return out;
  } catch {
    return {};
  }
}

/** Keeps `session` for the tab; false when sessionStorage cannot keep it. */
function writeTabSession(session: TabSession): boolean {
  const store = storage();
  if (!store) return false;
  const json = JSON.stringify(session);
  try {
    store.setItem(tabSessionStorageKey, json);
    return store.getItem(tabSessionStorageKey) === json;
  } catch {
    return false;
  }
}

/**
 * The session that goes with an address's parameters: the address's own when
 * it carries any (a page opened with a session is that session, as a whole),
 * else the tab's.
 */
export function sessionFor(fromAddress: SessionParams): TabSession {
  const own = tabPart(fromAddress);
  return Object.keys(own).length > 0 ? own : readTabSession();
}

function addressKey(pair: string): string {
  const key = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

/** `search` without the session parameters, every other parameter kept as written. */
export function withoutTabSession(search: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && !addressNames.has(addressKey(pair)));
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/**
 * Takes the session parameters out of the address bar once read: when the
 * address carries any, they become the tab's session (replacing the one it
 * held) and the address is replaced (history.replaceState: no new history
 * entry, the history state kept) by the same one without them (path, other
 * parameters and hash kept). When sessionStorage cannot keep them, the
 * address keeps them too: a reload must still find the session. Returns
 * whether the address changed.
 */
export function takeSessionFromAddress(): boolean {
  const { pathname, search, hash } = location;
  const own = tabPart(readSessionParams(Object.fromEntries(new URLSearchParams(search))));
  if (Object.keys(own).length === 0) return false;
  if (!writeTabSession(own)) return false;
  history.replaceState(history.state, '', `${pathname}${withoutTabSession(search)}${hash}`);
  return true;
}
