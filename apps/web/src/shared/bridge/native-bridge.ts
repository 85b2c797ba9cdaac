/**
 * The native bridge (§7 "Native bridge"): what a page asks the host app to do.
 *
 * | Action                         | Message name             | Payload                       | Browser fallback                          |
 * |--------------------------------|--------------------------|-------------------------------|-------------------------------------------|
 * | openPage(url)                  | `openPage`               | `{ url }`                     | `location.assign(url)`                    |
 * | close()                        | `closeWebView`           | `{}`                          | `history.back()`                          |
 * | openPageWithParam(url, param)  | `openPageWithParam`      | `{ url, param }`              | `location.assign(url + param as query)`   |
 * | goHome()                       | `goHome`                 | `{}`                          | `location.assign('/')`                    |
 * | goMine()                       | `goMine`                 | `{}`                          | none (returns false)                      |
 * | logoutToLogin()                | `logoutToLogin`          | `{}`                          | none (returns false)                      |
 * | callTelephone(phone)           | `callTelephone`          | `{ phone }`                   | `location.assign('tel:' + phone)`         |
 * | rateApp()                      | `openAppRating`          | `{}`                          | none (returns false)                      |
 * | confirmBurialPoint(productId)  | `confirmBurialPoint`     | `{ productId }`               | none (returns false)                      |
 * | startBank()                    | `startBankFlow`          | `{}`                          | none (returns false)                      |
 * | endBank()                      | `endBankFlow`            | `{}`                          | none (returns false)                      |
 * | openSchemeUrl(url, productId)  | `openSchemeUrl`          | `{ url, productId }`          | `location.href = url` (+ productId, see below) |
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
 * "presta://borrow-again?productId="); the host gets url and productId apart,
 * and the browser fallback opens url + productId when url ends with '='.
 */

export const bridgeMessages = {
  openPage: 'openPage',
  close: 'closeWebView',
  openPageWithParam: 'openPageWithParam',
  goHome: 'goHome',
  goMine: 'goMine',
  logoutToLogin: 'logoutToLogin',
  callTelephone: 'callTelephone',
  rateApp: 'openAppRating',
  confirmBurialPoint: 'confirmBurialPoint',
  startBank: 'startBankFlow',
  endBank: 'endBankFlow',
  openSchemeUrl: 'openSchemeUrl',
  dismissRepaymentDialog: 'dismissRepaymentDialog',
} as const;

export type BridgeAction = keyof typeof bridgeMessages;
export type BridgeMessageName = (typeof bridgeMessages)[BridgeAction];
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

export function createBridge(host: BridgeHost): NativeBridge {
  function transportFor(name: BridgeMessageName): Transport {
    if (typeof host.webkit?.messageHandlers?.[name]?.postMessage === 'function') return 'ios';
    if (typeof host.PrestaAndroid?.[name] === 'function') return 'android';
    return 'browser';
  }

  /** Sends to the native host; false when there is none (then the caller runs its fallback). */
  function post(name: BridgeMessageName, payload: BridgePayload): boolean {
    switch (transportFor(name)) {
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

  function quietly(run: () => boolean): boolean {
    try {
      return run();
    } catch {
      return false;
    }
  }

  return {
    transportFor,
    openPage(url) {
      if (post(bridgeMessages.openPage, { url })) return true;
      host.location.assign(url);
      return true;
    },
    close() {
      return quietly(() => {
        if (post(bridgeMessages.close, {})) return true;
        host.history.back();
        return true;
      });
    },
    openPageWithParam(url, param) {
      if (post(bridgeMessages.openPageWithParam, { url, param })) return true;
      host.location.assign(appendQuery(url, param));
      return true;
    },
    goHome() {
      if (post(bridgeMessages.goHome, {})) return true;
      host.location.assign('/');
      return true;
    },
    goMine() {
      return post(bridgeMessages.goMine, {});
    },
    logoutToLogin() {
      return post(bridgeMessages.logoutToLogin, {});
    },
    callTelephone(phone) {
      if (post(bridgeMessages.callTelephone, { phone })) return true;
      host.location.assign(`tel:${phone.replace(/[^\d+]/g, '')}`);
      return true;
    },
    rateApp() {
      return post(bridgeMessages.rateApp, {});
    },
    confirmBurialPoint(productId) {
      return post(bridgeMessages.confirmBurialPoint, { productId });
    },
    startBank() {
      return post(bridgeMessages.startBank, {});
    },
    endBank() {
      return quietly(() => post(bridgeMessages.endBank, {}));
    },
    openSchemeUrl(url, productId) {
      if (post(bridgeMessages.openSchemeUrl, { url, productId })) return true;
      host.location.href = url.endsWith('=') ? `${url}${encodeURIComponent(productId)}` : url;
      return true;
    },
    dismissRepaymentDialog() {
      return post(bridgeMessages.dismissRepaymentDialog, {});
    },
  };
}

/** The bridge of this page's window. */
export const bridge: NativeBridge = createBridge(
  typeof window === 'undefined'
    ? { location: { assign() {}, href: '' }, history: { back() {} } }
    : window,
);
