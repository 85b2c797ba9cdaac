import Toast, { type ToastHandler } from 'antd-mobile/es/components/toast';
import { setupAntdForReact19 } from './antd-react-19';
import './toast-view.css';

// Toast draws with antd-mobile's imperative render: React 19's createRoot, set here, where it is used (not in the first load).
setupAntdForReact19();

/*
 * The toasts' drawing, on antd-mobile's Toast: loaded on a page's first toast
 * (or the borrower's first tap or key), not with the page (shared/ui/toast.ts).
 *
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

export type ToastView = {
  message: (content: string, durationMs: number) => void;
  loading: (content: string) => ToastHandler;
  clear: () => void;
};

export const toastView: ToastView = {
  message: (content, durationMs) => {
    Toast.show({ content, duration: durationMs, maskClickable: true, getContainer: liveToastRoot });
  },
  loading: (content) => Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false, getContainer: liveToastRoot }),
  clear: () => Toast.clear(),
};
