import { useCountdown } from '@/shared/hooks/use-countdown';
import { useMessages } from '@/shared/i18n/use-messages';
import { applicationMessages } from '../messages';
import { TextField } from './form-fields';

export const SMS_CODE_LENGTH = 6;

export type CodeFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** When another code may be asked for (a Date.now() time); null before the first. */
  resendAt: number | null;
  sent: boolean;
  sending: boolean;
  onSend: () => void;
};

/** The SMS code that signs the consents, and its "send code" button, which waits `resendAfter` after each code. */
export function CodeField({ value, onChange, error, resendAt, sent, sending, onSend }: CodeFieldProps) {
  const { t } = useMessages(applicationMessages);
  const { secondsLeft, wait } = useCountdown(resendAt);
  const waiting = secondsLeft > 0;
  return (
    <div className="presta-application-code">
      <button type="button" className="presta-application-secondary" disabled={waiting || sending} aria-busy={sending || undefined} onClick={onSend}>
        {sending ? t('sendingCode') : waiting ? t(sent ? 'resendIn' : 'sendIn', { seconds: secondsLeft }) : t('sendCode')}
      </button>
      <TextField
        label={t('codeLabel')}
        hint={sent ? t('codeSent') : undefined}
        value={value}
        onChange={(text) => onChange(text.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        error={error}
      />
      {/* Announced when the wait starts and when it ends, not every second. */}
      <p className="presta-visually-hidden" role="status">
        {resendAt === null ? '' : waiting ? t('resendWait', { seconds: wait }) : t('resendReady')}
      </p>
    </div>
  );
}
