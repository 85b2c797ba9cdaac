import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loanDetails } from '@presta/contract/api/loan';
import { channelTemplate } from '@presta/contract/api/promotion';
import { callApi, getQuery, postForm } from '@/shared/http/api-client';
import { requestTimeoutMs, retryAfterOf } from '@/shared/http/http-client';
import { initLanguage } from '@/shared/i18n/language-store';
import { takeSessionFromAddress } from '@/shared/session/tab-session';

vi.mock('@/shared/ui/toast', () => ({
  showToast: vi.fn(),
  showLoading: vi.fn(),
  hideLoading: vi.fn(),
  clearToasts: vi.fn(),
  toastDurationMs: 3000,
}));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

const toast = await import('@/shared/ui/toast');
const navigation = await import('@/shared/session/navigation');

const session = 'crp_phe=2.3.0&dearest=Pixel%207&showy=dev-1&dearer=14&swift=sess-9&eyes=ad-5&productId=7&orderId=42';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type FetchCall = { url: URL; init: RequestInit; headers: Headers };

function stubFetch(answer: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL, init: RequestInit = {}) => {
    const call = { url: new URL(input, 'http://localhost'), init, headers: new Headers(init.headers) };
    calls.push(call);
    return answer(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const ok = (data: unknown) => jsonResponse({ success: true, code: '0', message: '', data });

beforeEach(() => {
  window.history.replaceState(null, '', `/loan-details?${session}&language=2`);
  initLanguage();
  vi.mocked(toast.showToast).mockClear();
  vi.mocked(toast.showLoading).mockClear();
  vi.mocked(toast.hideLoading).mockClear();
  vi.mocked(navigation.replaceLocation).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  delete window.__PRESTA_API_BASE__;
});

describe('postForm', () => {
  it('posts the payload form-encoded with the common params in the query', async () => {
    const calls = stubFetch(() => ok({ orderStatus: '174' }));
    const result = await postForm('/v3/loan-details/loan-details', { productId: 7, orderId: '42', note: 'á & b', skip: undefined });

    expect(result).toMatchObject({ success: true, code: '0', data: { orderStatus: '174' } });
    const [call] = calls;
    expect(call!.init.method).toBe('POST');
    expect(call!.url.pathname).toBe('/v3/loan-details/loan-details');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      crp_phe: '2.3.0',
      dearest: 'Pixel 7',
      showy: 'dev-1',
      dearer: '14',
      swift: 'sess-9',
      eyes: 'ad-5',
      productId: '7',
      orderId: '42',
      language: '2',
    });
    expect(call!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(call!.init.body).toBe('productId=7&orderId=42&note=%C3%A1+%26+b');
  });

  it('form client: X-Requested-With plus the swift and eyes headers only', async () => {
    const calls = stubFetch(() => ok(null));
    await postForm('/x', {});
    const { headers } = calls[0]!;
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('swift')).toBe('sess-9');
    expect(headers.get('eyes')).toBe('ad-5');
    expect(headers.get('crp_phe')).toBeNull();
    expect(headers.get('language')).toBeNull();
  });

  it('sends only the headers whose params are present', async () => {
    window.history.replaceState(null, '', '/confirm-loan?swift=s1');
    const calls = stubFetch(() => ok(null));
    await postForm('/x', {});
    expect(calls[0]!.headers.get('swift')).toBe('s1');
    expect(calls[0]!.headers.has('eyes')).toBe(false);
  });

  it('goes to window.__PRESTA_API_BASE__ when set', async () => {
    window.__PRESTA_API_BASE__ = 'https://api.example.com/';
    const calls = stubFetch(() => ok(null));
    await postForm('/v3/a', {});
    expect(calls[0]!.url.origin).toBe('https://api.example.com');
    expect(calls[0]!.url.pathname).toBe('/v3/a');
  });
});

describe('after the session left the address bar (decision 011)', () => {
  it('postForm and getQuery send the same query and headers as with the session in the address', async () => {
    const sent = async () => {
      const calls = stubFetch(() => ok(null));
      await postForm('/v3/a', { orderId: '42' });
      await getQuery('/v3/b', { templateId: 't1' });
      return calls.map((c) => ({ url: c.url.href, headers: Object.fromEntries(c.headers) }));
    };
    const withSessionInAddress = await sent();
    expect(takeSessionFromAddress()).toBe(true);
    expect(window.location.search).toBe('?productId=7&orderId=42&language=2');
    expect(await sent()).toEqual(withSessionInAddress);
    expect(withSessionInAddress[0]!.headers).toMatchObject({ swift: 'sess-9', eyes: 'ad-5' });
    expect(withSessionInAddress[1]!.headers).toMatchObject({ crp_phe: '2.3.0', showy: 'dev-1', language: '2' });
  });
});

describe('getQuery', () => {
  it('GETs with the common and the caller params in the query, and the JSON client headers', async () => {
    const calls = stubFetch(() => ok({ id: 't1' }));
    const result = await getQuery('/api/v2/youmi/service/channel/channel-template', { templateId: 't1', empty: '' });
    expect(result.data).toEqual({ id: 't1' });
    const { url, init, headers } = calls[0]!;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(url.searchParams.get('templateId')).toBe('t1');
    expect(url.searchParams.has('empty')).toBe(false);
    expect(url.searchParams.get('swift')).toBe('sess-9');
    expect(url.searchParams.get('language')).toBe('2');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('crp_phe')).toBe('2.3.0');
    expect(headers.get('dearest')).toBe('Pixel 7');
    expect(headers.get('showy')).toBe('dev-1');
    expect(headers.get('dearer')).toBe('14');
    expect(headers.get('language')).toBe('2');
    expect(headers.get('swift')).toBeNull();
  });

  it('percent-encodes a header value that is not plain ASCII', async () => {
    window.history.replaceState(null, '', `/x?dearest=${encodeURIComponent('Teléfono ✓')}`);
    const calls = stubFetch(() => ok(null));
    await getQuery('/x');
    expect(calls[0]!.headers.get('dearest')).toBe(encodeURIComponent('Teléfono ✓'));
  });
});

describe('loading toast', () => {
  it('shows while the request runs and hides when the answer arrives', async () => {
    let release!: () => void;
    stubFetch(() => new Promise<Response>((resolve) => (release = () => resolve(ok(null)))));
    const pending = postForm('/x', {}, { loading: 'Cargando…' });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    expect(toast.showLoading).toHaveBeenCalledWith('Cargando…');
    expect(toast.hideLoading).not.toHaveBeenCalled();
    release();
    await pending;
    expect(toast.hideLoading).toHaveBeenCalledTimes(1);
  });

  it('is not shown without a loading message', async () => {
    stubFetch(() => ok(null));
    await getQuery('/x', {}, { loading: '' });
    expect(toast.showLoading).not.toHaveBeenCalled();
    expect(toast.hideLoading).not.toHaveBeenCalled();
  });
});

describe('failures', () => {
  it('keeps the Retry-After seconds of a refusal (a resend too soon), readable from its raw answer', async () => {
    const body = { success: false, code: '429001', message: 'Espere 42 s para pedir otro código.', data: null };
    stubFetch(() => new Response(JSON.stringify(body), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '42' } }));
    const res = await postForm('/v3/account/sign-in-code', {}, { silent: true });
    expect(res).toMatchObject({ success: false, code: '429001' });
    expect(retryAfterOf(res.raw)).toBe(42);
    stubFetch(() => jsonResponse(body, 429));
    expect(retryAfterOf((await postForm('/v3/account/sign-in-code', {}, { silent: true })).raw)).toBeUndefined();
  });

  it('toasts the server message of a failed answer and returns it normalised', async () => {
    stubFetch(() => jsonResponse({ success: false, code: '422001', message: 'Monto fuera de rango', data: null }, 422));
    const result = await postForm('/x', {}, { loading: 'Cargando…' });
    expect(result).toMatchObject({ success: false, code: '422001', message: 'Monto fuera de rango', data: null });
    expect(toast.hideLoading).toHaveBeenCalledTimes(1);
    expect(toast.showToast).toHaveBeenCalledWith('Monto fuera de rango');
    expect(navigation.replaceLocation).not.toHaveBeenCalled();
  });

  it('silent: no toast', async () => {
    stubFetch(() => jsonResponse({ success: false, code: '404001', message: 'No encontrado', data: null }, 404));
    const result = await postForm('/x', {}, { silent: true });
    expect(result.code).toBe('404001');
    expect(toast.showToast).not.toHaveBeenCalled();
  });

  it('in the native app, a session error toasts and replaces the page with the joint-logon failure, keeping the language', async () => {
    const host = window as Window & { PrestaAndroid?: Record<string, unknown> };
    host.PrestaAndroid = { logoutToLogin: vi.fn() };
    try {
      window.history.replaceState(null, '', `/loan-details?${session}&language=1`);
      stubFetch(() => jsonResponse({ success: false, code: '401001', message: 'Session expired', data: null }, 401));
      const result = await postForm('/x', {});
      expect(result.code).toBe('401001');
      expect(toast.showToast).toHaveBeenCalledWith('Session expired');
      expect(navigation.replaceLocation).toHaveBeenCalledWith('/joint-login-failure?language=1');
    } finally {
      delete host.PrestaAndroid;
    }
  });

  it('a page opened with the app’s session in its address keeps the joint-logon failure page without a host too', async () => {
    window.history.replaceState(null, '', `/loan-details?${session}&language=2`);
    stubFetch(() => jsonResponse({ success: false, code: '401001', message: 'Session expired', data: null }, 401));
    await postForm('/x', {});
    expect(navigation.replaceLocation).toHaveBeenCalledWith('/joint-login-failure?language=2');
  });

  it('in a plain browser (no native host, the session in its cookie), a session error goes to sign-in, which comes back to this page', async () => {
    window.history.replaceState(null, '', '/order?orderId=42&language=1');
    stubFetch(() => jsonResponse({ success: false, code: '401001', message: 'Session expired', data: null }, 401));
    const result = await postForm('/x', {});
    expect(result.code).toBe('401001');
    expect(navigation.replaceLocation).toHaveBeenCalledWith(`/login?next=${encodeURIComponent('/order?orderId=42&language=1')}`);
  });

  it('a timeout removes the loading toast and says so (code timeout)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = postForm('/x', {}, { loading: 'Cargando…' });
    await vi.advanceTimersByTimeAsync(requestTimeoutMs - 1);
    expect(toast.hideLoading).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result).toMatchObject({ success: false, code: 'timeout', data: null });
    expect(result.message).toBe('El servidor tardó demasiado en responder. Inténtelo de nuevo.');
    expect(toast.hideLoading).toHaveBeenCalledTimes(1);
    expect(toast.showToast).toHaveBeenCalledWith(result.message);
  });

  it('offline: removes the loading toast and says there is no connection (code network_error)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await getQuery('/x', {}, { loading: 'Cargando…' });
    expect(result).toMatchObject({ success: false, code: 'network_error' });
    expect(result.message).toBe('Sin conexión a internet. Revise su conexión e inténtelo de nuevo.');
    expect(toast.hideLoading).toHaveBeenCalledTimes(1);
    expect(toast.showToast).toHaveBeenCalledWith(result.message);
  });

  it('online but unreachable: a different text, in the current language', async () => {
    window.history.replaceState(null, '', '/x?language=1');
    initLanguage();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await getQuery('/x');
    expect(result.code).toBe('network_error');
    expect(result.message).toBe('We could not reach the server. Please try again.');
  });

  it('a non-wrapper error answer (502 page) is a generic failure', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const result = await postForm('/x', {});
    expect(result).toMatchObject({ success: false, code: 'invalid_response' });
    expect(toast.showToast).toHaveBeenCalledWith('Algo salió mal. Inténtelo de nuevo más tarde.');
  });

  it('an aborted request is a quiet failure', async () => {
    stubFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = postForm('/x', {}, { signal: controller.signal, loading: 'Cargando…' });
    controller.abort();
    const result = await pending;
    expect(result.code).toBe('aborted');
    expect(toast.showToast).not.toHaveBeenCalled();
    expect(toast.hideLoading).toHaveBeenCalledTimes(1);
  });
});

describe('scrambled keys', () => {
  it('reads the data of an obfuscating brand with readable keys', async () => {
    stubFetch(() =>
      ok({ ost: '174', pnm: 'Presta Flex', uod: { dtx: [{ txt: 'Monto', vlu: '$1.000,00' }] }, idl: 1 }),
    );
    const result = await postForm<{ orderStatus: string; productName: string; userOrderDetail: { detail: unknown[] }; isDelay: number }>(
      '/v3/loan-details/loan-details',
      { orderId: 42 },
    );
    expect(result.data).toEqual({
      orderStatus: '174',
      productName: 'Presta Flex',
      userOrderDetail: { detail: [{ text: 'Monto', value: '$1.000,00' }] },
      isDelay: 1,
    });
  });

  it('keeps readable keys as they are', async () => {
    stubFetch(() => ok({ orderStatus: '200' }));
    expect((await postForm<{ orderStatus: string }>('/x', {})).data?.orderStatus).toBe('200');
  });
});

describe('callApi', () => {
  it('POSTs a POST endpoint', async () => {
    const calls = stubFetch(() => ok({ orderStatus: '21' }));
    const result = await callApi<typeof loanDetails>(loanDetails, { orderId: '42' });
    expect(result.data?.orderStatus).toBe('21');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe(loanDetails.path);
    expect(calls[0]!.init.body).toBe('orderId=42');
  });

  it('GETs a GET endpoint with the payload in the query', async () => {
    const calls = stubFetch(() => jsonResponse({ success: true, code: '00', message: '', data: { id: '9' } }));
    const result = await callApi<typeof channelTemplate>(channelTemplate, { templateId: '9' });
    expect(result.success).toBe(true);
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.url.searchParams.get('templateId')).toBe('9');
  });
});
