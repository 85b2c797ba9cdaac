import { COMPLAINT_SCORE_MAX, COMPLAINT_SCORE_MIN } from '@presta/contract/complaint-rules';
import { useMessages } from '@/shared/i18n/use-messages';
import { StarScoreModal } from '@/shared/ui/star-score-modal';
import { complaintFollowUpMessages } from '../messages';

type ReplyScoreModalProps = {
  visible: boolean;
  onSend: (score: number) => Promise<void>;
  onClose: () => void;
};

/** The prompt to score the support reply (COMPLAINT_SCORE_MIN to COMPLAINT_SCORE_MAX stars). */
export function ReplyScoreModal({ visible, onSend, onClose }: ReplyScoreModalProps) {
  const { t } = useMessages(complaintFollowUpMessages);
  return (
    <StarScoreModal
      visible={visible}
      min={COMPLAINT_SCORE_MIN}
      max={COMPLAINT_SCORE_MAX}
      onSend={onSend}
      onClose={onClose}
      labels={{
        title: t('scoreTitle'),
        text: t('scoreText'),
        group: t('scoreGroupLabel'),
        star: (n) => t('scoreStar', { count: n, max: COMPLAINT_SCORE_MAX }),
        send: t('scoreSend'),
        sending: t('scoreSending'),
        later: t('scoreLater'),
        close: t('close'),
        required: t('scoreRequired'),
      }}
    />
  );
}
