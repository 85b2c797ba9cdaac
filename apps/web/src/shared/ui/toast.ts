import type { ToastView } from './toast-view';

/*
 * Toasts: short messages and the loading toast of an action. Their drawing
 * (antd-mobile's Toast, its mask and animations: most of antd-mobile's bytes)
 * is not in any page's first load (decision 020): it is fetched on the page's
 * first toast, or on the borrower's first tap or key (preloadToasts, from
 * app/preload-overlays.ts), whichever comes first. The calls keep their synchronous signatures: made before the drawing
 * has arrived, they wait in order and are shown as soon as it has.
 */

/** Default toast duration (§9). */
export const toastDurationMs = 3000;

type Step = (view: ToastView) => void;

let view: ToastView | null = null;
let loadingView: Promise<ToastView> | null = null;
let waiting: Step[] = [];

/** A loading toast asked for: shown once the drawing is here, unless closed or replaced before. */
type LoadingToast = { closed: boolean; shown: { close: () => void } | null };

let loadingCount = 0;
let loadingToast: LoadingToast | null = null;

/** Fetches the toasts' drawing (once; again after a failed fetch). */
export function preloadToasts(): Promise<ToastView> {
  if (view) return Promise.resolve(view);
  loadingView ??= import('./toast-view').then(
    (module) => {
      view = module.toastView;
      const steps = waiting;
      waiting = [];
      for (const step of steps) step(view);
      return view;
    },
    (error: unknown) => {
      // Offline or a new deployment: the next toast tries again; the waiting ones are dropped.
      loadingView = null;
      waiting = [];
      throw error;
    },
  );
  return loadingView;
}

function withView(step: Step): void {
  if (view) {
    step(view);
    return;
  }
  waiting.push(step);
  preloadToasts().catch(() => undefined);
}

/**
 * A short message. antd-mobile shows one toast at a time, so a message replaces
 * a loading toast that is still up; the loading toast is not brought back.
 */
export function showToast(content: string, durationMs: number = toastDurationMs): void {
  if (!content) return;
  loadingToast = null;
  withView((v) => v.message(content, durationMs));
}

/**
 * A loading toast that stays until `hideLoading()`. Calls are counted, so two
 * overlapping requests keep it up until both have answered.
 */
export function showLoading(content: string): void {
  loadingCount += 1;
  const toast: LoadingToast = { closed: false, shown: null };
  loadingToast = toast;
  withView((v) => {
    // Answered, or replaced by a message, before the drawing arrived: nothing to show.
    if (toast.closed || loadingToast !== toast) return;
    toast.shown = v.loading(content);
  });
}

export function hideLoading(): void {
  if (loadingCount > 0) loadingCount -= 1;
  if (loadingCount === 0 && loadingToast) {
    loadingToast.closed = true;
    loadingToast.shown?.close();
    loadingToast = null;
  }
}

/** Removes any toast at once (route changes, tests), and those still waiting for the drawing. */
export function clearToasts(): void {
  loadingCount = 0;
  loadingToast = null;
  waiting = [];
  view?.clear();
}
