import { useId, useRef, type ReactNode } from 'react';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import { useModalFocus } from './modal-focus';
import './modal-view.css';

/** A ModalDialog that is open: what this module draws. */
export type ModalViewProps = {
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
 * The drawing of an open ModalDialog (shared/ui/modal-dialog.tsx): its dialog
 * markup on antd-mobile's CenterPopup (mask, scroll lock, animations) and the
 * keyboard rules of useModalFocus. Fetched when a page first opens a dialog,
 * or on the borrower's first tap or key (app/preload-overlays.ts), not with
 * the page (decision 020).
 */
export function ModalView({
  title,
  illustration,
  children,
  footer,
  onClose,
  closeLabel,
  closeOnMaskClick = false,
  className,
}: ModalViewProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef, { active: true, onEscape: onClose });

  return (
    <CenterPopup
      visible
      getContainer={popupLayer}
      className={['presta-modal-dialog', className].filter(Boolean).join(' ')}
      bodyClassName="presta-modal-dialog-body"
      closeOnMaskClick={Boolean(onClose) && closeOnMaskClick}
      onClose={onClose}
    >
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
    </CenterPopup>
  );
}

/** The popup's own layer at the end of <body>, so that the page behind can be made inert (useModalFocus). */
const popupLayer = () => document.body;
