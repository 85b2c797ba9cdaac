import { useEffect, useReducer, type ComponentType } from 'react';
import type { ModalViewProps } from './modal-view';

export type ModalDialogProps = ModalViewProps & {
  visible: boolean;
};

/**
 * A centred modal dialog on antd-mobile's CenterPopup, with dialog semantics
 * (role, aria-modal, labelled by its title) and the keyboard rules of
 * useModalFocus: focus moved into it on open, the page behind inert, Tab and
 * Shift+Tab kept inside, Escape to dismiss (with onClose), focus back to what
 * opened it on close. Every modal of the app is one of these. Mounted only
 * while visible, in a layer of its own at the end of <body>. Its drawing (the
 * markup, the focus rules and antd-mobile's mask and animations, in
 * modal-view.tsx) is fetched on the first dialog a page opens, or on the
 * borrower's first tap or key (preloadModalView): no page's first load
 * carries it (decision 020).
 */
export function ModalDialog({ visible, ...dialog }: ModalDialogProps) {
  const arrived = useModalView(visible);
  if (!visible || !arrived) return null;
  return <arrived.View {...dialog} />;
}

type ViewComponent = ComponentType<ModalViewProps>;

/** The drawing once fetched: one module-level component for every dialog, never created in a render. */
let loaded: { View: ViewComponent } | null = null;
let loadingView: Promise<ViewComponent> | null = null;

/** Fetches the dialogs' drawing (once; again after a failed fetch). */
export function preloadModalView(): Promise<ViewComponent> {
  if (loaded) return Promise.resolve(loaded.View);
  loadingView ??= import('./modal-view').then(
    (module) => {
      loaded = { View: module.ModalView };
      return module.ModalView;
    },
    (error: unknown) => {
      loadingView = null;
      throw error;
    },
  );
  return loadingView;
}

/** The dialogs' drawing once it is here (fetched when `wanted`); null until then. */
function useModalView(wanted: boolean): { View: ViewComponent } | null {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!wanted || loaded) return undefined;
    let live = true;
    preloadModalView().then(
      () => {
        if (live) arrived();
      },
      // Offline or a new deployment: the dialog stays closed; the next open tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return loaded;
}
