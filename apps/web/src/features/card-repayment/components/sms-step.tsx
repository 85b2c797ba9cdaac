import { useId, useRef, useState, type FormEvent } from 'react';
import { useMessages } from '@/shared/i18n/use-messages';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { showToast } from '@/shared/ui/toast';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { cardRepaymentMessages } from '../messages';
import { CARD_SMS_CODE_LENGTH } from '@presta/contract/legacy-payment-rules';
import './sms-step.css';

/** What became of a confirmation: 'wrongCode' clears the input for another try. */
export type ConfirmOutcome = 'done' | 'wrongCode' | 'failed';

export type SmsStepProps = {
  /** When the code may be asked for again (a Date.now() time): 60 s after the last one was sent. */
  resendAt: number;
  /** Sends the code to the server; resolves how it went. */
  onConfirm: (code: string) => Promise<ConfirmOutcome>;
  /** Asks for the code again (the page moves `resendAt` when a new code was sent). */
  onResend: () => Promise<void>;
  onClose: () => void;
};

/**
 * The SMS step of a card payment (§4): a modal with the 6-digit code input,
 * Confirm, and a resend button that waits 60 s after each code sent (counted
 * every second on the button; assistive tech hears only when the wait starts
 * and ends).
 */
export function SmsStep({ resendAt, onConfirm, onResend, onClose }: SmsStepProps) {
  const { t } = useMessages(cardRepaymentMessages);
  const id = useId();
  const formId = `${id}-form`;
  const inputId = `${id}-code`;
  const hintId = `${id}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  // `announcedWait`: the wait as it stood when it began (or when the step opened): announced once, not every second.
  const { secondsLeft, wait: announcedWait } = useCountdown(resendAt);
  const waiting = secondsLeft > 0;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length < CARD_SMS_CODE_LENGTH) {
      showToast(t('enterValidCode'));
      inputRef.current?.focus();
      return;
    }
    const outcome = await onConfirm(code);
    if (outcome === 'wrongCode') {
      setCode('');
      inputRef.current?.focus();
    }
  };

  const resend = () => {
    if (!waiting) void onResend();
  };

  return (
    <ModalDialog
      visible
      title={t('smsTitle')}
      onClose={onClose}
      closeLabel={t('close')}
      className="presta-sms-step"
      footer={
        <PrimaryButton type="submit" form={formId}>
          {t('confirm')}
        </PrimaryButton>
      }
    >
      <form id={formId} className="presta-sms-step-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p id={hintId} className="presta-sms-step-hint">
          {t('smsSent', { length: CARD_SMS_CODE_LENGTH })}
        </p>
        <label htmlFor={inputId} className="presta-sms-step-label">
          {t('smsCodeLabel')}
        </label>
        <div className="presta-sms-step-row">
          <input
            ref={inputRef}
            id={inputId}
            className="presta-sms-step-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={CARD_SMS_CODE_LENGTH}
            aria-describedby={hintId}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, CARD_SMS_CODE_LENGTH))}
          />
          <button type="button" className="presta-sms-step-resend" disabled={waiting} onClick={resend}>
            {waiting ? t('resendIn', { seconds: secondsLeft }) : t('resend')}
          </button>
        </div>
        {/* Announced when the wait starts and when it ends, not every second. */}
        <p className="presta-visually-hidden" role="status">
          {waiting ? t('resendWait', { seconds: announcedWait }) : t('resendReady')}
        </p>
      </form>
    </ModalDialog>
  );
}
