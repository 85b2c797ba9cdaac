import { useMessages } from '@/shared/i18n/use-messages';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { accountMessages } from '../messages';

export type ConfirmDialogProps = {
  title: string;
  text: string;
  confirmLabel: string;
  /** While the confirmed action waits: the button shows it and cannot be pressed again. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are you sure?" before signing a session out: Cancel (or Escape) and the action. */
export function ConfirmDialog({ title, text, confirmLabel, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useMessages(accountMessages);
  return (
    <ModalDialog
      visible
      title={title}
      onClose={onClose}
      closeLabel={t('close')}
      footer={
        <>
          <PrimaryButton onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('signingOut') : confirmLabel}
          </PrimaryButton>
          <button type="button" className="presta-account-secondary" onClick={onClose}>
            {t('cancel')}
          </button>
        </>
      }
    >
      <p>{text}</p>
    </ModalDialog>
  );
}
