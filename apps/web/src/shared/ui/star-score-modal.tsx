import { useId, useState } from 'react';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { StarRating } from '@/shared/ui/star-rating';
import './star-score-modal.css';

export type StarScoreModalProps = {
  visible: boolean;
  /** Sends the chosen score; the caller closes the modal (and thanks) when it was accepted. */
  onSend: (score: number) => Promise<unknown>;
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
    /** Said under the stars when Send is pressed without one (issue 32: a toast covered the stars). */
    required: string;
  };
  /** The scale (default 1 to 5). */
  min?: number;
  max?: number;
};

/**
 * A star score prompt: a text, the stars, Send and Not now; Send without a star says so under the stars. The loan details
 * (isScore 1) and a support reply (complaint detail) ask with it.
 */
export function StarScoreModal({ visible, onSend, onClose, labels, min = 1, max = 5 }: StarScoreModalProps) {
  const [score, setScore] = useState(0);
  const [missing, setMissing] = useState(false);
  const requiredId = useId();
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (sending) return;
    if (score < min) {
      setMissing(true);
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
      <StarRating
        value={score}
        onChange={(next) => {
          setScore(next);
          setMissing(false);
        }}
        label={labels.group}
        starLabel={labels.star}
        describedBy={missing ? requiredId : undefined}
        min={min}
        max={max}
      />
      {/* Beside the stars it asks for, not over them; read out at once. */}
      <p id={requiredId} role="alert" className="presta-star-score-required">
        {missing ? labels.required : ''}
      </p>
    </ModalDialog>
  );
}
