import Toast, { type ToastHandler } from 'antd-mobile/es/components/toast';

/** Default toast duration (§9). */
export const toastDurationMs = 3000;

let loadingCount = 0;
let loadingHandler: ToastHandler | null = null;

/**
 * A short message. antd-mobile shows one toast at a time, so a message replaces
 * a loading toast that is still up; the loading toast is not brought back.
 */
export function showToast(content: string, durationMs: number = toastDurationMs): void {
  if (!content) return;
  loadingHandler = null;
  Toast.show({ content, duration: durationMs, maskClickable: true });
}

/**
 * A loading toast that stays until `hideLoading()`. Calls are counted, so two
 * overlapping requests keep it up until both have answered.
 */
export function showLoading(content: string): void {
  loadingCount += 1;
  loadingHandler = Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false });
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
