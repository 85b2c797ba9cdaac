import Toast, { type ToastHandler } from 'antd-mobile/es/components/toast';
import './toast.css';

/** Default toast duration (§9). */
export const toastDurationMs = 3000;

let loadingCount = 0;
let loadingHandler: ToastHandler | null = null;

/*
 * antd-mobile draws its toast inside a mask marked aria-hidden, so screen
 * readers never hear it. Toasts are rendered into one polite live region
 * instead (created on first use), and the mask's aria-hidden is dropped as
 * soon as it is added: the text is then read out, once, from the toast itself.
 */
let toastRoot: HTMLElement | null = null;

function liveToastRoot(): HTMLElement {
  if (toastRoot && toastRoot.isConnected) return toastRoot;
  const root = document.createElement('div');
  root.setAttribute('role', 'status');
  root.setAttribute('aria-live', 'polite');
  root.dataset.prestaToasts = '';
  document.body.appendChild(root);
  const reveal = () => {
    for (const el of root.querySelectorAll('[aria-hidden="true"]')) el.removeAttribute('aria-hidden');
  };
  new MutationObserver(reveal).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-hidden'] });
  toastRoot = root;
  return root;
}

/**
 * A short message. antd-mobile shows one toast at a time, so a message replaces
 * a loading toast that is still up; the loading toast is not brought back.
 */
export function showToast(content: string, durationMs: number = toastDurationMs): void {
  if (!content) return;
  loadingHandler = null;
  Toast.show({ content, duration: durationMs, maskClickable: true, getContainer: liveToastRoot });
}

/**
 * A loading toast that stays until `hideLoading()`. Calls are counted, so two
 * overlapping requests keep it up until both have answered.
 */
export function showLoading(content: string): void {
  loadingCount += 1;
  loadingHandler = Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false, getContainer: liveToastRoot });
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
