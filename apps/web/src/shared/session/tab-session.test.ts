import { afterEach, describe, expect, it, vi } from 'vitest';
import { commonParams, getSessionParams, inAppUrl, pageUrl, sessionSearch } from '@/shared/session/session-params';
import {
  readTabSession,
  tabSessionStorageKey,
  takeSessionFromAddress,
  withoutTabSession,
} from '@/shared/session/tab-session';

const address = () => `${location.pathname}${location.search}${location.hash}`;

/** A page opened at `url` (the early entry then takes the session out of the address). */
function open(url: string) {
  window.history.replaceState({ from: 'test' }, '', url);
}

const fullSession =
  'crp_phe=2.3.0&dearest=Pixel%207&showy=dev-1&dearer=14&swift=sess-9&eyes=ad-5&productId=7&orderId=42&language=1&from=confirm';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('taking the session out of the address bar', () => {
  it('keeps the session id and device values for the tab, and leaves the page state, other parameters and hash', () => {
    open(`/loan-details?${fullSession}#plan`);
    const entries = history.length;

    expect(takeSessionFromAddress()).toBe(true);

    expect(address()).toBe('/loan-details?productId=7&orderId=42&language=1&from=confirm#plan');
    expect(history.length).toBe(entries);
    expect(history.state).toEqual({ from: 'test' });
    expect(readTabSession()).toEqual({
      appVersion: '2.3.0',
      deviceName: 'Pixel 7',
      deviceId: 'dev-1',
      osVersion: '14',
      sessionId: 'sess-9',
      advertisingId: 'ad-5',
    });
  });

  it('also takes out the readable names (the plain-key fallback), and keeps other parameters as written', () => {
    open('/repayment?sessionId=s2&deviceId=d2&note=a%20b+c&flag&orderId=1');
    expect(takeSessionFromAddress()).toBe(true);
    expect(address()).toBe('/repayment?note=a%20b+c&flag&orderId=1');
    expect(readTabSession()).toEqual({ sessionId: 's2', deviceId: 'd2' });
  });

  it('an address with nothing but the session ends with no query at all', () => {
    open('/complaintList?swift=s1&eyes=a1');
    takeSessionFromAddress();
    expect(address()).toBe('/complaintList');
  });

  it('an address without a session changes nothing and keeps the tab’s session', () => {
    open(`/loan-details?${fullSession}`);
    takeSessionFromAddress();
    open('/repayment?orderId=42&language=1');
    expect(takeSessionFromAddress()).toBe(false);
    expect(address()).toBe('/repayment?orderId=42&language=1');
    expect(readTabSession().sessionId).toBe('sess-9');
  });

  it('a page opened with another session takes it as a whole', () => {
    open(`/loan-details?${fullSession}`);
    takeSessionFromAddress();
    open('/loan-details?swift=sess-10&orderId=43');
    takeSessionFromAddress();
    expect(readTabSession()).toEqual({ sessionId: 'sess-10' });
    expect(getSessionParams()).toEqual({ sessionId: 'sess-10', orderId: '43' });
  });

  it('when sessionStorage cannot keep the session, the address keeps it (a reload must still work)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    open(`/loan-details?${fullSession}`);
    expect(takeSessionFromAddress()).toBe(false);
    expect(address()).toBe(`/loan-details?${fullSession}`);
    expect(getSessionParams().sessionId).toBe('sess-9');
  });

  it('a stored session that is not ours is ignored', () => {
    sessionStorage.setItem(tabSessionStorageKey, '{not json');
    expect(readTabSession()).toEqual({});
    sessionStorage.setItem(tabSessionStorageKey, JSON.stringify({ sessionId: 5, deviceId: 'd', productId: '9', other: 'x' }));
    expect(readTabSession()).toEqual({ deviceId: 'd' });
  });

  it('withoutTabSession keeps everything else, including empty and repeated parameters', () => {
    expect(withoutTabSession('?a=1&swift=&b=&b=2&showy=x&eyes')).toBe('?a=1&b=&b=2');
    expect(withoutTabSession('')).toBe('');
  });
});

describe('after the address is clean (the tab’s session as fallback)', () => {
  function cleaned() {
    open(`/confirm-loan?${fullSession}`);
    takeSessionFromAddress();
  }

  it('the page still has its whole session, and a reload (the clean address again) too', () => {
    cleaned();
    const expected = {
      appVersion: '2.3.0',
      deviceName: 'Pixel 7',
      deviceId: 'dev-1',
      osVersion: '14',
      sessionId: 'sess-9',
      advertisingId: 'ad-5',
      productId: '7',
      orderId: '42',
    };
    expect(getSessionParams()).toEqual(expected);
    // A reload opens the clean address: the early entry finds no session there and the tab's is used.
    open(address());
    expect(takeSessionFromAddress()).toBe(false);
    expect(getSessionParams()).toEqual(expected);
    expect(commonParams()).toEqual({
      crp_phe: '2.3.0',
      dearest: 'Pixel 7',
      showy: 'dev-1',
      dearer: '14',
      swift: 'sess-9',
      eyes: 'ad-5',
      productId: '7',
      orderId: '42',
      language: '1',
    });
  });

  it('a query string that has its own session uses it (not the tab’s)', () => {
    cleaned();
    expect(getSessionParams('?swift=other&orderId=1')).toEqual({ sessionId: 'other', orderId: '1' });
    expect(getSessionParams('?orderId=1').sessionId).toBe('sess-9');
  });

  it('the http clients read the session’s header values from sessionSearch', () => {
    cleaned();
    const query = new URLSearchParams(sessionSearch());
    expect(query.get('swift')).toBe('sess-9');
    expect(query.get('eyes')).toBe('ad-5');
    expect(query.get('crp_phe')).toBe('2.3.0');
    expect(query.get('language')).toBe('1');
    expect(query.get('from')).toBe('confirm');
  });

  it('full-page navigations (pageUrl) still carry the session; in-app ones (inAppUrl) do not', () => {
    cleaned();
    expect(pageUrl('/loan-details', { from: 'confirm' })).toBe(
      '/loan-details?crp_phe=2.3.0&dearest=Pixel+7&showy=dev-1&dearer=14&swift=sess-9&eyes=ad-5&productId=7&orderId=42&language=1&from=confirm',
    );
    expect(inAppUrl('/complainDetails', { problemId: 41 })).toBe('/complainDetails?productId=7&orderId=42&language=1&problemId=41');
  });

  it('without a tab session and without one in the address, there is none', () => {
    open('/loan-details?orderId=1');
    expect(getSessionParams()).toEqual({ orderId: '1' });
    expect(new URLSearchParams(sessionSearch()).has('swift')).toBe(false);
  });
});
