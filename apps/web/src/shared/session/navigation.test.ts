import { describe, expect, it, vi } from 'vitest';
import { replaceLocation } from './navigation';

describe('replaceLocation', () => {
  it('starts one navigation however often the same address is asked for', () => {
    const host = { replace: vi.fn() };
    replaceLocation('/login?next=%2Fsetting', host);
    replaceLocation('/login?next=%2Fsetting', host);
    replaceLocation('/login?next=%2Fsetting', host);
    expect(host.replace).toHaveBeenCalledTimes(1);
    expect(host.replace).toHaveBeenCalledWith('/login?next=%2Fsetting');
  });

  it('goes to another address when asked, and again after the page is shown from the back/forward cache', () => {
    const host = { replace: vi.fn() };
    replaceLocation('/joint-login-failure?language=1', host);
    replaceLocation('/loan-details?orderId=1', host);
    expect(host.replace).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('pageshow'));
    replaceLocation('/loan-details?orderId=1', host);
    expect(host.replace).toHaveBeenCalledTimes(3);
  });
});
