import { useMessages } from '@/shared/i18n/use-messages';
import { StarScoreModal } from '@/shared/ui/star-score-modal';
import type { OpenModal } from '../hooks/use-loan-modals';
import { loanMessages } from '../messages';
import { ExtensionReminderModal } from './extension-reminder-modal';
import { ThanksModal } from './thanks-modal';

type LoanModalsProps = {
  modal: OpenModal;
  onClose: () => void;
  /** Sends the rating; resolves whether it was saved. */
  onSendScore: (score: number) => Promise<boolean>;
  /** "Not now" (the close button and Escape too). */
  onRatingLater: () => void;
  onExtension: () => void;
  onRepay: () => void;
};

/** The loan details' modals: the rating prompt, its thanks, and the extension reminder before a repayment. */
export function LoanModals({ modal, onClose, onSendScore, onRatingLater, onExtension, onRepay }: LoanModalsProps) {
  const { t } = useMessages(loanMessages);
  return (
    <>
      <StarScoreModal
        visible={modal === 'rating'}
        onSend={onSendScore}
        onClose={onRatingLater}
        labels={{
          title: t('ratingTitle'),
          text: t('ratingText'),
          group: t('ratingGroupLabel'),
          star: (count) => t('ratingStar', { count }),
          send: t('ratingSend'),
          sending: t('ratingSending'),
          later: t('ratingLater'),
          close: t('close'),
          required: t('ratingRequired'),
        }}
      />
      <ThanksModal
        visible={modal === 'thanks'}
        title={t('thanksTitle')}
        text={t('thanksText')}
        okLabel={t('ok')}
        closeLabel={t('close')}
        onClose={onClose}
      />
      <ExtensionReminderModal
        visible={modal === 'extension'}
        onConfirm={onExtension}
        onDecline={onRepay}
        onClose={onClose}
        labels={{
          title: t('extensionTitle'),
          text: t('extensionText'),
          confirm: t('extensionConfirm'),
          decline: t('extensionDecline'),
          close: t('close'),
        }}
      />
    </>
  );
}
