import type { ReactElement, ReactNode } from 'react';
import CenterPopup from 'antd-mobile/es/components/center-popup';

export type ModalPopupProps = {
  className: string;
  closeOnMaskClick: boolean;
  onClose?: () => void;
  children: ReactNode;
};

/**
 * The layer ModalDialog draws its dialog in: antd-mobile's CenterPopup (mask,
 * scroll lock, animations), fetched when a page first opens a dialog, or once
 * the page is idle (shared/ui/modal-dialog.tsx), not with the page. A plain
 * function of its props (no hooks), so the dialog calls it once it has arrived.
 */
export function modalPopup({ className, closeOnMaskClick, onClose, children }: ModalPopupProps): ReactElement {
  return (
    <CenterPopup
      visible
      getContainer={popupLayer}
      className={className}
      bodyClassName="presta-modal-dialog-body"
      closeOnMaskClick={closeOnMaskClick}
      onClose={onClose}
    >
      {children}
    </CenterPopup>
  );
}

/** The popup's own layer at the end of <body>, so that the page behind can be made inert (useModalFocus). */
const popupLayer = () => document.body;
