import Button from 'antd-mobile/es/components/button';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import './loan-button.css';

export type ExtensionReminderModalProps = {
  visible: boolean;
  /** Goes to the extension (repayment-delay) page. */
  onConfirm: () => void;
  /** The "no need" link: goes to the repayment page. */
  onDecline: () => void;
  /** Dismiss without going anywhere. */
  onClose: () => void;
  labels: { title: string; text: string; confirm: string; decline: string; close: string };
};

/** Reminder opened by the Extension button: extend now, or repay instead. */
export function ExtensionReminderModal({ visible, onConfirm, onDecline, onClose, labels }: ExtensionReminderModalProps) {
  return (
    <ModalDialog
      visible={visible}
      title={labels.title}
      onClose={onClose}
      closeLabel={labels.close}
      className="presta-loan-extension"
      illustration={
        <svg viewBox="0 0 72 72" width="72" height="72" aria-hidden="true" focusable="false">
          <circle cx="36" cy="36" r="34" fill="#FFE3EF" />
          <rect x="18" y="21" width="36" height="32" rx="6" fill="#fff" stroke="#1F1F2E" strokeWidth="2.5" />
          <path d="M18 30h36" stroke="#1F1F2E" strokeWidth="2.5" />
          <path d="M27 17v8M45 17v8" stroke="#1F1F2E" strokeWidth="2.5" strokeLinecap="round" />
          <path d="M29 42h12m-4-4l4 4-4 4" stroke="#FF2A84" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" fill="none" />
        </svg>
      }
      footer={
        <>
          <Button className="presta-loan-button presta-loan-button-primary" color="primary" block onClick={onConfirm}>
            {labels.confirm}
          </Button>
          <button type="button" className="presta-loan-link-button" onClick={onDecline}>
            {labels.decline}
          </button>
        </>
      }
    >
      <p>{labels.text}</p>
    </ModalDialog>
  );
}
