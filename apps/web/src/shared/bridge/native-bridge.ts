import { apiRoutes } from '@presta/contract/api/api-routes';
import { bridgeMessages, type BridgeMessageName } from '@presta/contract/bridge-messages';
import { routes } from '@presta/contract/routes';
import { formRequest } from '@/shared/http/api-request';
import { formClient } from '@/shared/http/http-client';

/**
 * The native bridge (§7 "Native bridge"): what a page asks the host app to do.
 *
 * | Action                         | Message name             | Payload                       | Browser fallback                          |
 * |--------------------------------|--------------------------|-------------------------------|-------------------------------------------|
 * | openPage(url)                  | `openPage`               | `{ url }`                     | `location.assign(url)`                    |
 * | close()                        | `closeWebView`           | `{}`                          | `history.back()`                          |
 * | openPageWithParam(url, param)  | `openPageWithParam`      | `{ url, param }`              | `location.assign(url + param as query)`   |
 * | goHome()                       | `goHome`                 | `{}`                          | `location.assign('/main')` (home)         |
 * | goMine()                       | `goMine`                 | `{}`                          | `location.assign('/setting')` (account)   |
 * | logoutToLogin()                | `logoutToLogin`          | `{}`                          | sign out, then `location.assign('/login')` |
 * | callTelephone(phone)           | `callTelephone`          | `{ phone }`                   | `location.assign('tel:' + phone)`         |
 * | rateApp()                      | `openAppRating`          | `{}`                          | none (returns false)                      |
 * | confirmBurialPoint(productId)  | `confirmBurialPoint`     | `{ productId }`               | none (returns false)                      |
 * | startBank()                    | `startBankFlow`          | `{}`                          | none (returns false)                      |
 * | endBank()                      | `endBankFlow`            | `{}`                          | none (returns false)                      |
 * | openSchemeUrl(url, productId)  | `openSchemeUrl`          | `{ url, productId }`          | `location.assign('/main#offers')`         |
 * | dismissRepaymentDialog()       | `dismissRepaymentDialog` | `{}`                          | none (returns false)                      |
 *
 * Transports, tried in this order for every message:
 * - iOS (WKWebView): `window.webkit.messageHandlers[name].postMessage(payload)`, payload an object.
 * - Android: the JavaScript interface `window.PrestaAndroid[name](json)`, json = `JSON.stringify(payload)`.
 * - Browser: the fallback of the table.
 *
 * Every action returns true when something was done (the host got the message
 * or the browser fallback ran) and false when nothing could be done.
 * `close()` and `endBank()` never throw (§7: they ignore errors); the other
 * actions let a failing host call throw.
 *
 * openSchemeUrl: the scheme URL is the brand's `appScheme` (e.g.
 * "presta://borrow-again?productId="); the host gets url and productId apart.
 * A browser cannot open the scheme: it opens home's offers instead.
 *
 * The browser fallbacks of goHome, goMine, logoutToLogin and openSchemeUrl
 * are the account pages of issue 16 (decision 017): a plain browser's
 * session is a cookie, which logoutToLogin ends on the server before sign-in.
 */

export type BridgePayload = Record<string, unknown>;

type IosHandler = { postMessage(payload: unknown): void };

/** What the bridge needs from `window`; tests pass a fake. */
export type BridgeHost = {
  webkit?: { messageHandlers?: Partial<Record<string, IosHandler>> };
  /** The Android interface's methods, `(json: string) => unknown`; checked when called. */
  PrestaAndroid?: Partial<Record<string, unknown>>;
  location: { assign(url: string): void; href: string };
  history: { back(): void };
};

export type Transport = 'ios' | 'android' | 'browser';

/** The bridge's calls; arrow-typed, as they never use `this` (tests and pages pass them around unbound). */
export type NativeBridge = {
  /** Which transport a message would use now. */
  transportFor: (name: BridgeMessageName) => Transport;
  openPage: (url: string) => boolean;
  close: () => boolean;
  openPageWithParam: (url: string, param: Record<string, string | number>) => boolean;
  goHome: () => boolean;
  goMine: () => boolean;
  logoutToLogin: () => boolean;
  callTelephone: (phone: string) => boolean;
  rateApp: () => boolean;
  confirmBurialPoint: (productId: string) => boolean;
  startBank: () => boolean;
  endBank: () => boolean;
  openSchemeUrl: (url: string, productId: string) => boolean;
  dismissRepaymentDialog: () => boolean;
};

function appendQuery(url: string, param: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(param).map(([k, v]) => [k, String(v)])).toString();
  if (!query) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`;
}

/** A plain browser's sign-out (the cookie session ended on the server); never rejects, sign-in follows anyway. */
function signOutInBrowser(): Promise<unknown> {
  return formClient.request(formRequest(apiRoutes.accountSignOut.path)).catch(() => null);
}

function transportOf(host: BridgeHost, name: BridgeMessageName): Transport {
  if (typeof host.webkit?.messageHandlers?.[name]?.postMessage === 'function') return 'ios';
  if (typeof host.PrestaAndroid?.[name] === 'function') return 'android';
  return 'browser';
}

/** Sends to the native host; false when there is none (then the caller runs its fallback). */
function postTo(host: BridgeHost, name: BridgeMessageName, payload: BridgePayload): boolean {
  switch (transportOf(host, name)) {
    case 'ios':
      host.webkit!.messageHandlers![name]!.postMessage(payload);
      return true;
    case 'android': {
      const fn = host.PrestaAndroid![name] as (json: string) => unknown;
      fn.call(host.PrestaAndroid, JSON.stringify(payload));
      return true;
    }
    case 'browser':
      return false;
  }
}

/** close() and endBank() ignore errors (§7). */
function quietly(run: () => boolean): boolean {
  try {
    return run();
  } catch {
    return false;
  }
}

export function createBridge(host: BridgeHost, signOut: () => Promise<unknown> = signOutInBrowser): NativeBridge {
  /** A message the host alone can act on: false without one. */
  const post = (name: BridgeMessageName, payload: BridgePayload = {}) => postTo(host, name, payload);
  /** A message with a browser fallback: the host gets it, else the fallback runs; true either way. */
  const postOr = (name: BridgeMessageName, payload: BridgePayload, fallback: () => void) => {
    if (!post(name, payload)) fallback();
    return true;
  };

  return {
    transportFor: (name) => transportOf(host, name),
    openPage: (url) => postOr(bridgeMessages.openPage, { url }, () => host.location.assign(url)),
    close: () => quietly(() => postOr(bridgeMessages.close, {}, () => host.history.back())),
    openPageWithParam: (url, param) => postOr(bridgeMessages.openPageWithParam, { url, param }, () => host.location.assign(appendQuery(url, param))),
    goHome: () => postOr(bridgeMessages.goHome, {}, () => host.location.assign(routes.main)),
    goMine: () => postOr(bridgeMessages.goMine, {}, () => host.location.assign(routes.setting)),
    logoutToLogin: () => postOr(bridgeMessages.logoutToLogin, {}, () => void signOut().then(() => host.location.assign(routes.login))),
    callTelephone: (phone) => postOr(bridgeMessages.callTelephone, { phone }, () => host.location.assign(`tel:${phone.replace(/[^\d+]/g, '')}`)),
    rateApp: () => post(bridgeMessages.rateApp),
    confirmBurialPoint: (productId) => post(bridgeMessages.confirmBurialPoint, { productId }),
    startBank: () => post(bridgeMessages.startBank),
    endBank: () => quietly(() => post(bridgeMessages.endBank)),
    openSchemeUrl: (url, productId) => postOr(bridgeMessages.openSchemeUrl, { url, productId }, () => host.location.assign(`${routes.main}#offers`)),
    dismissRepaymentDialog: () => post(bridgeMessages.dismissRepaymentDialog),
  };
}

/** The bridge of this page's window. */
export const bridge: NativeBridge = createBridge(
  typeof window === 'undefined'
    ? { location: { assign() {}, href: '' }, history: { back() {} } }
    : window,
);
