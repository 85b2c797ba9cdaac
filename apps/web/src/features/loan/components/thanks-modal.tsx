import Button from 'antd-mobile/es/components/button';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import './loan-button.css';

export type ThanksModalProps = {
  visible: boolean;
  title: string;
  text: string;
  okLabel: string;
  /** OK, the close button and Escape. */
  onClose: () => void;
  closeLabel: string;
};

/** Thanks after a rating below 4 stars. */
export function ThanksModal({ visible, title, text, okLabel, onClose, closeLabel }: ThanksModalProps) {
  return (
    <ModalDialog
      visible={visible}
      title={title}
      onClose={onClose}
      closeLabel={closeLabel}
      className="presta-loan-thanks"
      illustration={
        <svg viewBox="0 0 72 72" width="72" height="72" aria-hidden="true" focusable="false">
          <circle cx="36" cy="36" r="34" fill="#FFE3EF" />
          <path d="M36 52s-15-8.6-15-19.2A8.3 8.3 0 0 1 36 28a8.3 8.3 0 0 1 15 4.8C51 43.4 36 52 36 52z" fill="#FF2A84" />
          <path d="M28.5 33.5a4 4 0 0 1 4-4" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" fill="none" />
        </svg>
      }
      footer={
        <Button className="presta-loan-button presta-loan-button-primary" color="primary" block onClick={onClose}>
          {okLabel}
        </Button>
      }
    >
      <p>{text}</p>
    </ModalDialog>
  );
}
