import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { callApi, postForm } from '@/shared/http/api-client';
import { formRequest, prefetchApi, queryRequest, readAnswer } from '@/shared/http/api-request';
import { prefetchMaxAgeMs } from '@/shared/http/early-answers';
import { initLanguage } from '@/shared/i18n/language-store';

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

const ok = (data: unknown) => jsonResponse({ success: true, code: '0', message: '', data });

type FetchCall = { url: URL; init: RequestInit; headers: Headers };

/** Fetch answers from `answer`, recording the calls. */
function stubFetch(answer: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const call = { url: new URL(input, 'http://localhost'), init, headers: new Headers(init.headers) };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** A promise with its resolve function, to hold an answer until the test lets it go. */
function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

let orderId = 100;
/** Each test asks for its own order, so answers prefetched by one test never reach another. */
function nextPayload() {
  orderId += 1;
  return { productId: '7', orderId: String(orderId) };
}

beforeEach(() => {
  window.history.replaceState(null, '', `/loan-details?${session}&language=2`);
  initLanguage();
  vi.mocked(toast.showToast).mockClear();
  vi.mocked(navigation.replaceLocation).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('prefetchApi', () => {
  it('sends the request callApi would send (same address, headers and body)', async () => {
    const calls = stubFetch(() => ok({ orderStatus: '174' }));
    const payload = nextPayload();
    await prefetchApi(apiRoutes.loanDetails, payload);
    await callApi(apiRoutes.loanDetails, { ...payload, productId: '8' });
    const [early, own] = calls;
    expect(early!.url.href).toBe(own!.url.href.replace('productId=8', 'productId=7'));
    expect(early!.init.method).toBe('POST');
    expect(Object.fromEntries(early!.headers)).toEqual(Object.fromEntries(own!.headers));
    expect(early!.init.body).toBe(`productId=7&orderId=${payload.orderId}`);
    expect(early!.init.credentials).toBe('same-origin');
  });

  it("hands its answer to the page's identical call, which then does not ask again", async () => {
    const calls = stubFetch(() => ok({ ost: '174', nst: 'Desembolsado' }));
    const payload = nextPayload();
    const raw = await prefetchApi(apiRoutes.loanDetails, payload);
    const result = await callApi(apiRoutes.loanDetails, payload);
    expect(calls).toHaveLength(1);
    expect(result).toMatchObject({ success: true, code: '0', data: { orderStatus: '174', noticeStatusText: 'Desembolsado' } });
    expect(readAnswer(raw)).toEqual(result);
  });

  it('the page can take it while it is still on its way', async () => {
    const answer = held<Response>();
    const calls = stubFetch(() => answer.promise);
    const payload = nextPayload();
    void prefetchApi(apiRoutes.loanDetails, payload);
    const pending = callApi(apiRoutes.loanDetails, payload);
    answer.release(ok({ orderStatus: '21' }));
    expect((await pending).data).toEqual({ orderStatus: '21' });
    expect(calls).toHaveLength(1);
  });

  it('is handed out once: the next identical call (a refresh) asks the server', async () => {
    const calls = stubFetch(() => ok({ orderStatus: '174' }));
    const payload = nextPayload();
    await prefetchApi(apiRoutes.loanDetails, payload);
    await callApi(apiRoutes.loanDetails, payload);
    await callApi(apiRoutes.loanDetails, payload);
    expect(calls).toHaveLength(2);
  });

  it('starting it twice sends one request', async () => {
    const calls = stubFetch(() => ok({}));
    const payload = nextPayload();
    await Promise.all([prefetchApi(apiRoutes.loanDetails, payload), prefetchApi(apiRoutes.loanDetails, payload)]);
    expect(calls).toHaveLength(1);
  });

  it('is not used by a different call: another body, address or session', async () => {
    const calls = stubFetch(() => ok({}));
    const payload = nextPayload();
    await prefetchApi(apiRoutes.loanDetails, payload);
    await callApi(apiRoutes.loanDetails, { orderId: payload.orderId });
    await postForm('/v3/other', payload);
    window.history.replaceState(null, '', `/loan-details?${session.replace('sess-9', 'sess-10')}&language=2`);
    await callApi(apiRoutes.loanDetails, payload);
    expect(calls).toHaveLength(4);
  });

  it('is not used once it is older than prefetchMaxAgeMs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = stubFetch(() => ok({}));
    const payload = nextPayload();
    await prefetchApi(apiRoutes.loanDetails, payload);
    vi.setSystemTime(Date.now() + prefetchMaxAgeMs + 1);
    await callApi(apiRoutes.loanDetails, payload);
    expect(calls).toHaveLength(2);
  });

  it('a failure reaches the page like its own would: toasted, and a session failure redirects', async () => {
    const calls = stubFetch(() => jsonResponse({ success: false, code: '401001', message: 'Sesión vencida', data: null }, 401));
    const payload = nextPayload();
    await expect(prefetchApi(apiRoutes.loanDetails, payload)).resolves.toMatchObject({ code: '401001' });
    expect(toast.showToast).not.toHaveBeenCalled();
    const result = await callApi(apiRoutes.loanDetails, payload);
    expect(calls).toHaveLength(1);
    expect(result).toMatchObject({ success: false, code: '401001', message: 'Sesión vencida' });
    expect(toast.showToast).toHaveBeenCalledWith('Sesión vencida');
    expect(navigation.replaceLocation).toHaveBeenCalledWith('/joint-login-failure?language=2');
  });

  it('a network failure reaches the page as network_error; the retry asks again', async () => {
    let fail = true;
    const calls = stubFetch(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : ok({ orderStatus: '174' })));
    const payload = nextPayload();
    await expect(prefetchApi(apiRoutes.loanDetails, payload)).rejects.toThrow();
    const first = await callApi(apiRoutes.loanDetails, payload);
    expect(first).toMatchObject({ success: false, code: 'network_error' });
    expect(toast.showToast).toHaveBeenCalledTimes(1);
    fail = false;
    const retry = await callApi(apiRoutes.loanDetails, payload);
    expect(retry).toMatchObject({ success: true, data: { orderStatus: '174' } });
    expect(calls).toHaveLength(2);
  });

  it('a page that stops waiting (unmounted) gets a quiet abort; the answer stays for its next identical call', async () => {
    const answer = held<Response>();
    const calls = stubFetch(() => answer.promise);
    const payload = nextPayload();
    void prefetchApi(apiRoutes.loanDetails, payload);
    const controller = new AbortController();
    const first = callApi(apiRoutes.loanDetails, payload, { signal: controller.signal });
    controller.abort();
    expect(await first).toMatchObject({ success: false, code: 'aborted' });
    expect(toast.showToast).not.toHaveBeenCalled();
    const second = callApi(apiRoutes.loanDetails, payload);
    answer.release(ok({ orderStatus: '151' }));
    expect((await second).data).toEqual({ orderStatus: '151' });
    expect(calls).toHaveLength(1);
  });

  it('GET endpoints: prefetches the getQuery request', async () => {
    const calls = stubFetch(() => ok({ id: 't1' }));
    await prefetchApi(apiRoutes.channelTemplate, { templateId: 't1' });
    const result = await callApi(apiRoutes.channelTemplate, { templateId: 't1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.url.searchParams.get('templateId')).toBe('t1');
    expect(result.data).toEqual({ id: 't1' });
  });
});

describe('formRequest and queryRequest', () => {
  it('carry the common params of the page in the query', () => {
    expect(formRequest('/v3/a', { x: 1 })).toEqual({
      method: 'POST',
      url: `/v3/a?crp_phe=2.3.0&dearest=Pixel+7&showy=dev-1&dearer=14&swift=sess-9&eyes=ad-5&productId=7&orderId=42&language=2`,
      body: { x: 1 },
    });
    expect(queryRequest('/api/b', { id: 't' }).url).toMatch(/^\/api\/b\?crp_phe=2\.3\.0&.*&language=2&id=t$/);
  });
});
