import { describe, expect, it, vi } from 'vitest';
import { bridgeMessages } from '@presta/contract/bridge-messages';
import { createBridge, type BridgeHost } from '@/shared/bridge/native-bridge';

function browserHost() {
  return {
    location: { assign: vi.fn(), href: 'https://presta.example/loan-details' },
    history: { back: vi.fn() },
  } satisfies BridgeHost;
}

function iosHost() {
  const posted: { name: string; payload: unknown }[] = [];
  const messageHandlers = Object.fromEntries(
    Object.values(bridgeMessages).map((name) => [name, { postMessage: (payload: unknown) => posted.push({ name, payload }) }]),
  );
  return { host: { ...browserHost(), webkit: { messageHandlers } } satisfies BridgeHost, posted };
}

function androidHost() {
  const called: { name: string; json: string }[] = [];
  const PrestaAndroid = Object.fromEntries(
    Object.values(bridgeMessages).map((name) => [name, (json: string) => called.push({ name, json })]),
  );
  return { host: { ...browserHost(), PrestaAndroid } satisfies BridgeHost, called };
}

describe('native bridge: iOS', () => {
  it('posts every action to its message handler with an object payload', () => {
    const { host, posted } = iosHost();
    const bridge = createBridge(host);
    expect(bridge.openPage('https://presta.example/repayment')).toBe(true);
    bridge.close();
    bridge.openPageWithParam('https://presta.example/x', { orderId: 42 });
    bridge.goHome();
    bridge.goMine();
    bridge.logoutToLogin();
    bridge.callTelephone('+52 55 5000 1234');
    bridge.rateApp();
    bridge.confirmBurialPoint('7');
    bridge.startBank();
    bridge.endBank();
    bridge.openSchemeUrl('presta://borrow-again?productId=', '7');
    bridge.dismissRepaymentDialog();

    expect(posted).toEqual([
      { name: 'openPage', payload: { url: 'https://presta.example/repayment' } },
      { name: 'closeWebView', payload: {} },
      { name: 'openPageWithParam', payload: { url: 'https://presta.example/x', param: { orderId: 42 } } },
      { name: 'goHome', payload: {} },
      { name: 'goMine', payload: {} },
      { name: 'logoutToLogin', payload: {} },
      { name: 'callTelephone', payload: { phone: '+52 55 5000 1234' } },
      { name: 'openAppRating', payload: {} },
      { name: 'confirmBurialPoint', payload: { productId: '7' } },
      { name: 'startBankFlow', payload: {} },
      { name: 'endBankFlow', payload: {} },
      { name: 'openSchemeUrl', payload: { url: 'presta://borrow-again?productId=', productId: '7' } },
      { name: 'dismissRepaymentDialog', payload: {} },
    ]);
    expect(host.location.assign).not.toHaveBeenCalled();
    expect(host.history.back).not.toHaveBeenCalled();
    expect(bridge.transportFor('openPage')).toBe('ios');
  });
});

describe('native bridge: Android', () => {
  it('calls the PrestaAndroid interface with a JSON string', () => {
    const { host, called } = androidHost();
    const bridge = createBridge(host);
    expect(bridge.rateApp()).toBe(true);
    expect(bridge.confirmBurialPoint('12')).toBe(true);
    expect(bridge.dismissRepaymentDialog()).toBe(true);
    bridge.openSchemeUrl('presta://borrow-again?productId=', '12');
    expect(called).toEqual([
      { name: 'openAppRating', json: '{}' },
      { name: 'confirmBurialPoint', json: '{"productId":"12"}' },
      { name: 'dismissRepaymentDialog', json: '{}' },
      { name: 'openSchemeUrl', json: '{"url":"presta://borrow-again?productId=","productId":"12"}' },
    ]);
    expect(bridge.transportFor('closeWebView')).toBe('android');
  });

  it('calls the interface method on its object (Android interfaces need their `this`)', () => {
    const calls: unknown[] = [];
    const PrestaAndroid = {
      closeWebView(this: unknown) {
        calls.push(this);
      },
    };
    createBridge({ ...browserHost(), PrestaAndroid }).close();
    expect(calls).toEqual([PrestaAndroid]);
  });
});

describe('native bridge: browser fallback', () => {
  it('does the closest web thing', () => {
    const host = browserHost();
    const bridge = createBridge(host);
    expect(bridge.close()).toBe(true);
    expect(host.history.back).toHaveBeenCalledTimes(1);

    bridge.openPage('/repayment?orderId=1');
    expect(host.location.assign).toHaveBeenLastCalledWith('/repayment?orderId=1');

    bridge.openPageWithParam('/carpmm?requestType=1#top', { amount: 5000, payCode: 'OXXO' });
    expect(host.location.assign).toHaveBeenLastCalledWith('/carpmm?requestType=1&amount=5000&payCode=OXXO#top');

    bridge.callTelephone('+52 55 5000 1234');
    expect(host.location.assign).toHaveBeenLastCalledWith('tel:+525550001234');

    expect(bridge.transportFor('openPage')).toBe('browser');
  });

  it('falls back to the account pages (issue 16): home, account, sign-out then sign-in, home’s offers', async () => {
    const host = browserHost();
    const signOut = vi.fn(() => Promise.resolve());
    const bridge = createBridge(host, signOut);
    expect(bridge.goHome()).toBe(true);
    expect(host.location.assign).toHaveBeenLastCalledWith('/main');
    expect(bridge.goMine()).toBe(true);
    expect(host.location.assign).toHaveBeenLastCalledWith('/setting');
    expect(bridge.openSchemeUrl('presta://borrow-again?productId=', '7')).toBe(true);
    expect(host.location.assign).toHaveBeenLastCalledWith('/main#offers');
    expect(host.location.href).toBe('https://presta.example/loan-details');

    expect(bridge.logoutToLogin()).toBe(true);
    expect(signOut).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(host.location.assign).toHaveBeenLastCalledWith('/login'));
  });

  it('signs a browser out on the server before sign-in (accountSignOut, form client)', async () => {
    const host = browserHost();
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ success: true, code: '0', message: '', data: { signedOut: true } }))));
    vi.stubGlobal('fetch', fetchMock);
    createBridge(host).logoutToLogin();
    await vi.waitFor(() => expect(host.location.assign).toHaveBeenCalledWith('/login'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url, 'http://localhost').pathname).toBe('/v3/account/sign-out');
    expect(init.method).toBe('POST');
  });

  it('has nothing to do for the host-only actions and says so', () => {
    const host = browserHost();
    const bridge = createBridge(host);
    expect(bridge.rateApp()).toBe(false);
    expect(bridge.confirmBurialPoint('7')).toBe(false);
    expect(bridge.startBank()).toBe(false);
    expect(bridge.endBank()).toBe(false);
    expect(bridge.dismissRepaymentDialog()).toBe(false);
    expect(host.location.assign).not.toHaveBeenCalled();
  });

  it('uses a handler only for the names the host registered', () => {
    const posted: string[] = [];
    const host = { ...browserHost(), webkit: { messageHandlers: { openAppRating: { postMessage: () => posted.push('rate') } } } };
    const bridge = createBridge(host);
    expect(bridge.rateApp()).toBe(true);
    expect(bridge.close()).toBe(true);
    expect(posted).toEqual(['rate']);
    expect(host.history.back).toHaveBeenCalledTimes(1);
  });
});

describe('native bridge: errors', () => {
  const failing = () => {
    throw new Error('host gone');
  };
  const host = {
    ...browserHost(),
    webkit: { messageHandlers: { closeWebView: { postMessage: failing }, endBankFlow: { postMessage: failing }, openPage: { postMessage: failing } } },
  };

  it('close and endBank swallow host errors', () => {
    const bridge = createBridge(host);
    expect(() => bridge.close()).not.toThrow();
    expect(bridge.close()).toBe(false);
    expect(() => bridge.endBank()).not.toThrow();
  });

  it('other actions let the error through', () => {
    expect(() => createBridge(host).openPage('/x')).toThrow('host gone');
  });
});
