import { preloadModalView } from '@/shared/ui/modal-dialog';
import { preloadToasts } from '@/shared/ui/toast';

/**
 * Toasts and dialogs are not in a page's first load (decision 020). They are
 * fetched when first shown, or here, before: on the borrower's first tap or
 * key, so that an action's toast comes as fast as its answer (the fetch runs
 * while the action's call does). A page only read is never sent them. A
 * failed fetch is tried again when they are shown.
 */
export function preloadOverlaysSoon(win: Window = window): void {
  const start = () => {
    win.removeEventListener('pointerdown', start, true);
    win.removeEventListener('keydown', start, true);
    preloadToasts().catch(() => undefined);
    preloadModalView().catch(() => undefined);
  };
  win.addEventListener('pointerdown', start, true);
  win.addEventListener('keydown', start, true);
}
