import { useEffect, useId, useReducer, useRef, type ReactElement, type ReactNode } from 'react';
import { useModalFocus } from './modal-focus';
import type { ModalPopupProps } from './modal-popup';
import './modal-dialog.css';

export type ModalDialogProps = {
  visible: boolean;
  /** Dialog title: shown as its heading and naming the dialog. */
  title: ReactNode;
  /** Decorative picture above the title. */
  illustration?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** When given, Escape and a close (×) button dismiss the dialog (a dialog without it cannot be dismissed). */
  onClose?: () => void;
  /** Accessible name of the close button (required with onClose). */
  closeLabel?: string;
  /** Tapping the dimmed page around the dialog closes it too (with onClose). */
  closeOnMaskClick?: boolean;
  className?: string;
};

/**
 * A centred modal dialog on antd-mobile's CenterPopup, with dialog semantics
 * (role, aria-modal, labelled by its title) and the keyboard rules of
 * useModalFocus: focus moved into it on open, the page behind inert, Tab and
 * Shift+Tab kept inside, Escape to dismiss (with onClose), focus back to what
 * opened it on close. Every modal of the app is one of these. Mounted only
 * while visible, in a layer of its own at the end of <body>. The popup layer
 * (antd-mobile's mask and animations) is fetched on the first dialog a page
 * opens, or once the page is idle (preloadModalPopup): no page's first load
 * carries it (decision 020).
 */
export function ModalDialog({
  visible,
  title,
  illustration,
  children,
  footer,
  onClose,
  closeLabel,
  closeOnMaskClick = false,
  className,
}: ModalDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const popup = useModalPopup(visible);
  useModalFocus(dialogRef, { active: visible && popup !== null, onEscape: onClose });

  if (!visible || !popup) return null;

  return popup({
    className: ['presta-modal-dialog', className].filter(Boolean).join(' '),
    closeOnMaskClick: Boolean(onClose) && closeOnMaskClick,
    onClose,
    children: (
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        className="presta-modal-dialog-inner"
      >
        {onClose ? (
          <button type="button" className="presta-modal-dialog-close" aria-label={closeLabel} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
        {illustration ? <div className="presta-modal-dialog-illustration">{illustration}</div> : null}
        <h2 id={titleId} className="presta-modal-dialog-title">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="presta-modal-dialog-content">
            {children}
          </div>
        ) : null}
        {footer ? <div className="presta-modal-dialog-footer">{footer}</div> : null}
      </div>
    ),
  });
}

type PopupComponent = (props: ModalPopupProps) => ReactElement;

let popup: PopupComponent | null = null;
let loadingPopup: Promise<PopupComponent> | null = null;

/** Fetches the dialogs' popup layer (once; again after a failed fetch). */
export function preloadModalPopup(): Promise<PopupComponent> {
  if (popup) return Promise.resolve(popup);
  loadingPopup ??= import('./modal-popup').then(
    (module) => (popup = module.modalPopup),
    (error: unknown) => {
      loadingPopup = null;
      throw error;
    },
  );
  return loadingPopup;
}

/** The popup layer once it is here (fetched when `wanted`); null until then. */
function useModalPopup(wanted: boolean): PopupComponent | null {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!wanted || popup) return undefined;
    let live = true;
    preloadModalPopup().then(
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
  return popup;
}
