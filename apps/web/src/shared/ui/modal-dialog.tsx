import { useId, useRef, type ReactNode } from 'react';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import { useModalFocus } from './modal-focus';
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
 * while visible, in a layer of its own at the end of <body>.
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
  useModalFocus(dialogRef, { active: visible, onEscape: onClose });

  if (!visible) return null;

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
