import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loanDetailsQuery } from './loan-details';
import { prefetchLoanDetails } from './loan-details-prefetch';
import { detailsData } from '../testing/loan-fixtures';

vi.mock('@/shared/ui/toast', () => ({ showToast: vi.fn(), showLoading: vi.fn(), hideLoading: vi.fn(), toastDurationMs: 3000 }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

const toast = await import('@/shared/ui/toast');

const session = 'crp_phe=2.3.0&showy=dev-1&swift=sess-9&eyes=ad-5&language=2';

function stubFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), init });
      return answer();
    }),
  );
  return calls;
}

const imagePreloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => [l.getAttribute('href'), l.getAttribute('fetchpriority')]);

let order = 500;

beforeEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
  vi.mocked(toast.showToast).mockClear();
});

afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
});

describe('prefetchLoanDetails', () => {
  it("starts the page's call: loanDetailsQuery's load then gets that answer without asking again", async () => {
    order += 1;
    window.history.replaceState(null, '', `/loan-details?${session}&productId=1&orderId=${order}`);
    const calls = stubFetch(() =>
      Response.json({ success: true, code: '0', message: '', data: detailsData({ orderStatus: '180', productLogo: '/assets/logos/presta-mx.svg' }) }),
    );
    void prefetchLoanDetails(location.search);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.body).toBe(`productId=1&orderId=${order}`);

    const result = await loanDetailsQuery({ orderId: String(order), productId: '1' }).load({});
    expect(calls).toHaveLength(1);
    expect(result.success).toBe(true);
    expect(result.data?.orderStatus).toBe('180');
  });

  it('preloads the status picture (high priority) and the product logo once the answer is in', async () => {
    order += 1;
    window.history.replaceState(null, '', `/order?${session}&orderId=${order}`);
    stubFetch(() =>
      Response.json({ success: true, code: '0', message: '', data: detailsData({ orderStatus: '174', productLogo: '/assets/logos/presta-mx.svg' }) }),
    );
    await prefetchLoanDetails(location.search);
    expect(imagePreloads()).toEqual([
      ['/assets/status/status-174.svg', 'high'],
      ['/assets/logos/presta-mx.svg', null],
    ]);
  });

  it('reads an obfuscating brand (scrambled keys); an unknown status preloads the settled picture', async () => {
    order += 1;
    window.history.replaceState(null, '', `/loan-details?${session}&orderId=${order}`);
    stubFetch(() => Response.json({ success: true, code: '0', message: '', data: { ost: 999, plg: '' } }));
    await prefetchLoanDetails(location.search);
    expect(imagePreloads()).toEqual([['/assets/status/status-200.svg', 'high']]);
  });

  it('preloads nothing and toasts nothing when the call fails: the page handles that failure', async () => {
    order += 1;
    window.history.replaceState(null, '', `/loan-details?${session}&orderId=${order}`);
    stubFetch(() => Response.json({ success: false, code: '500001', message: 'Error', data: null }, { status: 500 }));
    await prefetchLoanDetails(location.search);
    expect(imagePreloads()).toEqual([]);
    expect(toast.showToast).not.toHaveBeenCalled();
    const result = await loanDetailsQuery({ orderId: String(order) }).load({});
    expect(result).toMatchObject({ success: false, code: '500001' });
    expect(toast.showToast).toHaveBeenCalledWith('Error');
  });

  it('does nothing without an order', () => {
    window.history.replaceState(null, '', `/loan-details?${session}`);
    const calls = stubFetch(() => Response.json({}));
    void prefetchLoanDetails(location.search);
    expect(calls).toHaveLength(0);
  });
});
