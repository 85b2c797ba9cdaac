import { preloadModalPopup } from '@/shared/ui/modal-dialog';
import { preloadToasts } from '@/shared/ui/toast';

/** How long after the page has loaded the overlays are fetched, if nothing asked for them before. */
const idleDelayMs = 2000;

/**
 * Toasts and dialogs are not in a page's first load (decision 020). They are
 * fetched when first shown, or here, before: on the borrower's first tap or
 * key (an action's toast then comes as fast as its answer), or once the page
 * has loaded and been idle a moment. A failed fetch is retried when they are shown.
 */
export function preloadOverlaysSoon(win: Window = window): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    win.removeEventListener('pointerdown', start, true);
    win.removeEventListener('keydown', start, true);
    preloadToasts().catch(() => undefined);
    preloadModalPopup().catch(() => undefined);
  };
  win.addEventListener('pointerdown', start, true);
  win.addEventListener('keydown', start, true);
  const whenIdle = () =>
    win.setTimeout(() => {
      if ('requestIdleCallback' in win) win.requestIdleCallback(start, { timeout: idleDelayMs });
      else start();
    }, idleDelayMs);
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
