import { useEffect, useId, useRef } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { useMessages } from '@/shared/i18n/use-messages';
import { sessionAssetUrl } from '@/shared/session/session-asset-url';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import { AGREEMENT_CODE_LENGTH, type AgreementSigning } from '../hooks/use-agreement-signing';
import { loanMessages } from '../messages';
import './agreement-signing-dialog.css';
import './loan-button.css';

export type AgreementSigningDialogProps = {
  signing: AgreementSigning;
  /** Minor units in the offer's market's currency, as the page writes money. */
  money: (minor: number) => string;
};

/**
 * Issue 38: the signing dialog of the confirmation. It names the phone the code went to, the amount and the
 * end of the document's SHA-256 (as the SMS does), links the PDF (with the session, in a new tab), and takes
 * the 6-digit code: "sign and apply", "resend code" after its wait, "cancel" (or Escape). The server's refusal
 * shows in it (an alert) and the focus goes back to the code input.
 */
export function AgreementSigningDialog({ signing, money }: AgreementSigningDialogProps) {
  const { t } = useMessages(loanMessages);
  const { agreement } = signing;
  const visible = signing.open && agreement !== null;
  return (
    <ModalDialog
      visible={visible}
      title={t('agreementSignTitle')}
      onClose={signing.close}
      closeLabel={t('close')}
      className="presta-agreement-sign"
      footer={visible ? <SigningForm signing={signing} pdfUrl={agreement.pdfUrl} /> : null}
    >
      {visible ? <p>{t('agreementSignText', { phone: agreement.phoneMasked, amount: money(agreement.amount), tail: agreement.hashTail })}</p> : null}
    </ModalDialog>
  );
}

/** The PDF link, the code input, the refusal, and the dialog's three actions. */
function SigningForm({ signing, pdfUrl }: { signing: AgreementSigning; pdfUrl: string }) {
  const { t } = useMessages(loanMessages);
  const id = useId();
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const { focusCode } = signing;
  useEffect(() => {
    if (focusCode > 0) input.current?.focus();
  }, [focusCode]);
  return (
    <form
      className="presta-agreement-sign-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void signing.sign();
      }}
    >
      <p className="presta-agreement-sign-pdf">
        <a href={sessionAssetUrl(pdfUrl)} target="_blank" rel="noopener" className="presta-loan-link-button">
          {t('agreementReadPdf')}
        </a>
      </p>
      <label htmlFor={id} className="presta-agreement-sign-label">
        {t('agreementCodeLabel')}
      </label>
      <input
        id={id}
        ref={input}
        className="presta-agreement-sign-input"
        value={signing.code}
        onChange={(event) => signing.type(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={AGREEMENT_CODE_LENGTH}
        aria-invalid={signing.error ? true : undefined}
        aria-describedby={signing.error ? errorId : undefined}
      />
      {signing.error ? (
        // A new element for every refusal, so that the same message said twice is read out twice.
        <p key={focusCode} id={errorId} className="presta-agreement-sign-error" role="alert">
          {signing.error}
        </p>
      ) : null}
      <Button
        type="submit"
        className="presta-loan-button presta-loan-button-primary"
        color="primary"
        block
        loading={signing.busy === 'sign'}
        loadingText={t('agreementSigning')}
      >
        {t('agreementSign')}
      </Button>
      <ResendButton signing={signing} />
      <button type="button" className="presta-loan-link-button" onClick={signing.close}>
        {t('agreementCancel')}
      </button>
    </form>
  );
}

/** "Resend code", usable `resendAfter` seconds after each code (the wait counted beside it, announced at its start and end). */
function ResendButton({ signing }: { signing: AgreementSigning }) {
  const { t } = useMessages(loanMessages);
  const { secondsLeft, wait } = useCountdown(signing.resendAt);
  const waiting = secondsLeft > 0;
  return (
    <>
      <button
        type="button"
        className="presta-loan-link-button"
        disabled={waiting || signing.busy !== null}
        aria-busy={signing.busy === 'resend' || undefined}
        onClick={() => void signing.resend()}
      >
        {t('agreementResend')}
        {/* The button's name stays "Resend code"; the status below says the wait. */}
        {waiting ? <span aria-hidden="true">&nbsp;{t('agreementResendIn', { seconds: secondsLeft })}</span> : null}
      </button>
      <p className="presta-visually-hidden" role="status">
        {signing.resendAt === null ? '' : waiting ? t('agreementResendWait', { seconds: wait }) : t('agreementResendReady')}
      </p>
    </>
  );
}
