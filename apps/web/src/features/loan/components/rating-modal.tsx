import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import { StarRating } from '@/shared/ui/star-rating';
import './loan-button.css';

export type RatingModalProps = {
  visible: boolean;
  /**
   * Sends the chosen score (1–5). Resolves true when it was accepted; the
   * caller then closes this modal and thanks or opens the store rating.
   */
  onSend: (score: number) => Promise<boolean>;
  /** Sending without a star: the caller shows the "select a rating" toast. */
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

/** The 5-star rating prompt of the loan details (shown only when isScore is 1). */
export function RatingModal({ visible, onSend, onMissingScore, onClose, labels }: RatingModalProps) {
  const [score, setScore] = useState(0);
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (sending) return;
    if (score < 1) {
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
      className="presta-loan-rating"
      footer={
        <>
          <Button
            className="presta-loan-button presta-loan-button-primary"
            color="primary"
            block
            loading={sending}
            loadingText={labels.sending}
            onClick={send}
          >
            {labels.send}
          </Button>
          <button type="button" className="presta-loan-link-button" onClick={onClose}>
            {labels.later}
          </button>
        </>
      }
    >
      <p>{labels.text}</p>
      <StarRating value={score} onChange={setScore} label={labels.group} starLabel={labels.star} />
    </ModalDialog>
  );
}
