import { beforeEach, describe, expect, it, vi } from 'vitest';

const session = 'swift=sess-9&eyes=ad-5&productId=1&orderId=12&language=2';

function stubFetch() {
  const fetchMock = vi.fn(() => Promise.resolve(Response.json({ success: true, code: '0', message: '', data: { orderStatus: '174' } })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Runs the early entry as the page at `url` would. */
async function runEarlyAt(url: string) {
  window.history.replaceState(null, '', url);
  vi.resetModules();
  await import('@/app/early');
}

beforeEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
});

describe('early entry', () => {
  it.each(['/loan-details', '/order'])('%s: starts the loan-details call before the app loads', async (path) => {
    const fetchMock = stubFetch();
    await runEarlyAt(`${path}?${session}`);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url, 'http://localhost').pathname).toBe('/v3/loan-details/loan-details');
    expect(init.body).toBe('productId=1&orderId=12');
  });

  it('takes the session out of the address first; the early call still carries it', async () => {
    const fetchMock = stubFetch();
    await runEarlyAt(`/loan-details?${session}#x`);
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/loan-details?productId=1&orderId=12&language=2#x');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url, 'http://localhost').searchParams.get('swift')).toBe('sess-9');
    expect(new Headers(init.headers).get('swift')).toBe('sess-9');
    expect(new Headers(init.headers).get('eyes')).toBe('ad-5');
  });

  it.each([
    ['/repayment', '/v3/installment/loan-play-detail', 'productId=1&orderId=12'],
    ['/repayment-delay', '/v3/installment/loan-play-delay-detail', 'productId=1&orderId=12'],
    ['/loan-statement', '/v3/loan-details/loan-statement', 'productId=1&orderId=12'],
  ])('%s: starts its order read with the page\'s payload', async (path, apiPath, body) => {
    const fetchMock = stubFetch();
    await runEarlyAt(`${path}?${session}`);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url, 'http://localhost').pathname).toBe(apiPath);
    expect(init.body).toBe(body);
  });

  it('/confirm-loan: starts the quote of the product, for ?amount&periods when given', async () => {
    const fetchMock = stubFetch();
    await runEarlyAt(`/confirm-loan?${session}&amount=3000&periods=2`);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url, 'http://localhost').pathname).toBe('/v3/loan-confirm/loan-detail-confirm');
    expect(init.body).toBe('productId=1&amount=3000&periods=2');
  });

  it('/main: starts home', async () => {
    const fetchMock = stubFetch();
    await runEarlyAt(`/main?language=2`);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new URL((fetchMock.mock.calls[0] as unknown as [string])[0], 'http://localhost').pathname).toBe('/v3/account/home');
  });

  it.each([
    ['/repayment', 'productId=1&language=2'],
    ['/confirm-loan', 'orderId=12&language=2'],
  ])('%s without its order or product: does nothing', async (path, query) => {
    const fetchMock = stubFetch();
    await runEarlyAt(`${path}?${query}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['/testPreview', '/no-such-page', '/setting'])('%s: does nothing', async (path) => {
    const fetchMock = stubFetch();
    await runEarlyAt(`${path}?${session}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
