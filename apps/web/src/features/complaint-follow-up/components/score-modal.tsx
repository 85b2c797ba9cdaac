import { useState } from 'react';
import { COMPLAINT_SCORE_MAX, COMPLAINT_SCORE_MIN } from '@presta/contract/complaint-rules';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { StarRating } from '@/shared/ui/star-rating';
import './score-modal.css';

export type ScoreModalProps = {
  visible: boolean;
  /** Sends the chosen score; the caller closes the modal when it was accepted. */
  onSend: (score: number) => Promise<void>;
  /** Sending without a star: the caller shows the "select a rating" message. */
  onMissingScore: () => void;
  onClose: () => void;
  labels: {
    title: string;
    text: string;
    group: string;
    star: (count: number) => string;
    send: string;
    sending: string;
    later: string;
    close: string;
  };
};

/** The score prompt of a support reply: COMPLAINT_SCORE_MIN to MAX stars, Send and Not now. */
export function ScoreModal({ visible, onSend, onMissingScore, onClose, labels }: ScoreModalProps) {
  const [score, setScore] = useState(0);
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (sending) return;
    if (score < COMPLAINT_SCORE_MIN) {
      onMissingScore();
      return;
    }
    setSending(true);
    try {
      await onSend(score);
    } finally {
      setSending(false);
    }
  };

  return (
    <ModalDialog
      visible={visible}
      title={labels.title}
      onClose={onClose}
      closeLabel={labels.close}
      className="presta-complaint-score"
      footer={
        <>
          <PrimaryButton aria-busy={sending || undefined} onClick={() => void send()}>
            {sending ? labels.sending : labels.send}
          </PrimaryButton>
          <button type="button" className="presta-page-link-button" onClick={onClose}>
            {labels.later}
          </button>
        </>
      }
    >
      <p>{labels.text}</p>
      <StarRating
        value={score}
        onChange={setScore}
        label={labels.group}
        starLabel={labels.star}
        min={COMPLAINT_SCORE_MIN}
        max={COMPLAINT_SCORE_MAX}
      />
    </ModalDialog>
  );
}
