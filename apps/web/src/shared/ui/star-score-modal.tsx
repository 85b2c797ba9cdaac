import { useState } from 'react';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { StarRating } from '@/shared/ui/star-rating';
import './star-score-modal.css';

export type StarScoreModalProps = {
  visible: boolean;
  /** Sends the chosen score; the caller closes the modal (and thanks) when it was accepted. */
  onSend: (score: number) => Promise<unknown>;
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
  /** The scale (default 1 to 5). */
  min?: number;
  max?: number;
};

/**
 * A star score prompt: a text, the stars, Send and Not now. The loan details
 * (isScore 1) and a support reply (complaint detail) ask with it.
 */
export function StarScoreModal({ visible, onSend, onMissingScore, onClose, labels, min = 1, max = 5 }: StarScoreModalProps) {
  const [score, setScore] = useState(0);
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (sending) return;
    if (score < min) {
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
      className="presta-star-score-modal"
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
      <StarRating value={score} onChange={setScore} label={labels.group} starLabel={labels.star} min={min} max={max} />
    </ModalDialog>
  );
}
