import Toast, { type ToastHandler } from 'antd-mobile/es/components/toast';

/** Default toast duration (§9). */
export const toastDurationMs = 3000;

let loadingCount = 0;
let loadingHandler: ToastHandler | null = null;

/*
 * antd-mobile draws its toast inside an aria-hidden wrapper, so screen readers
 * never hear it. Every toast text is also written to one polite live region
 * (visually hidden), created on first use.
 */
let liveRegion: HTMLElement | null = null;
let announceTimer: ReturnType<typeof setTimeout> | undefined;

/** Reads `text` out to screen readers (a repeat of the same text is read again). */
export function announce(text: string): void {
  if (typeof document === 'undefined' || !text) return;
  if (!liveRegion || !liveRegion.isConnected) {
    liveRegion = document.createElement('div');
    liveRegion.setAttribute('role', 'status');
    liveRegion.setAttribute('aria-live', 'polite');
    liveRegion.setAttribute('aria-atomic', 'true');
    liveRegion.className = 'presta-visually-hidden';
    liveRegion.dataset.prestaAnnouncer = '';
    document.body.appendChild(liveRegion);
  }
  const region = liveRegion;
  region.textContent = '';
  clearTimeout(announceTimer);
  // A change after a short pause: assistive technologies announce it even when it repeats.
  announceTimer = setTimeout(() => {
    region.textContent = text;
  }, 50);
}

/**
 * A short message. antd-mobile shows one toast at a time, so a message replaces
 * a loading toast that is still up; the loading toast is not brought back.
 */
export function showToast(content: string, durationMs: number = toastDurationMs): void {
  if (!content) return;
  loadingHandler = null;
  Toast.show({ content, duration: durationMs, maskClickable: true });
  announce(content);
}

/**
 * A loading toast that stays until `hideLoading()`. Calls are counted, so two
 * overlapping requests keep it up until both have answered.
 */
export function showLoading(content: string): void {
  loadingCount += 1;
  loadingHandler = Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false });
  announce(content);
}

export function hideLoading(): void {
  if (loadingCount > 0) loadingCount -= 1;
  if (loadingCount === 0 && loadingHandler) {
    loadingHandler.close();
    loadingHandler = null;
  }
}

/** Removes any toast at once (route changes, tests). */
export function clearToasts(): void {
  loadingCount = 0;
  loadingHandler = null;
  Toast.clear();
}
