import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToaster, TOAST_DURATION_MS } from './toast';

describe('createToaster', () => {
  let region: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="t" role="status" aria-live="polite" aria-atomic="true"></div>';
    region = document.getElementById('t')!;
  });
  afterEach(() => vi.useRealTimers());

  it('shows a message for 3000 ms', () => {
    const toaster = createToaster(region);
    toaster.show('Hola');
    expect(region.textContent).toBe('Hola');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(region.textContent).toBe('Hola');
    vi.advanceTimersByTime(1);
    expect(region.textContent).toBe('');
    expect(TOAST_DURATION_MS).toBe(3000);
  });

  it('replaces the message on screen with a new node (read again even when it repeats) and restarts the time', () => {
    const toaster = createToaster(region);
    toaster.show('Uno');
    const first = region.firstElementChild;
    vi.advanceTimersByTime(2000);
    toaster.show('Uno');
    expect(region.children).toHaveLength(1);
    expect(region.firstElementChild).not.toBe(first);
    vi.advanceTimersByTime(2000);
    expect(region.textContent).toBe('Uno');
  });

  it('marks the language of a message in another language', () => {
    createToaster(region).show('注册成功', { lang: 'zh-CN' });
    expect(region.querySelector('.promo-toast-bubble')?.getAttribute('lang')).toBe('zh-CN');
  });

  it('ignores an empty message', () => {
    createToaster(region).show('');
    expect(region.children).toHaveLength(0);
  });
});
