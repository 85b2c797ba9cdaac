import { afterEach, describe, expect, it, vi } from 'vitest';

const preloadToasts = vi.fn(() => Promise.resolve());
const preloadModalView = vi.fn(() => Promise.reject(new Error('offline')));
vi.mock('@/shared/ui/toast', () => ({ preloadToasts }));
vi.mock('@/shared/ui/modal-dialog', () => ({ preloadModalView }));

const { preloadOverlaysSoon } = await import('@/app/preload-overlays');

afterEach(() => vi.clearAllMocks());

describe('preloadOverlaysSoon', () => {
  it('fetches nothing while the page is only read', async () => {
    preloadOverlaysSoon(window);
    window.dispatchEvent(new Event('load'));
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloadToasts).not.toHaveBeenCalled();
    expect(preloadModalView).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
  });

  it.each(['pointerdown', 'keydown'])('fetches the toasts and the dialogs once, on the first %s (a failure is not thrown)', (first) => {
    preloadOverlaysSoon(window);
    window.dispatchEvent(new Event(first));
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    expect(preloadToasts).toHaveBeenCalledTimes(1);
    expect(preloadModalView).toHaveBeenCalledTimes(1);
  });
});
