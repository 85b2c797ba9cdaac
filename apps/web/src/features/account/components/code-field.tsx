import { useMessages } from '@/shared/i18n/use-messages';
import { useCountdown } from '@/shared/hooks/use-countdown';
import type { SignInState } from '../hooks/use-sign-in';
import { accountMessages } from '../messages';
import { TextField } from './text-field';

export const SMS_CODE_LENGTH = 6;

export type CodeFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** When another code may be asked for (a Date.now() time): after a code, or a wait the server asked for; null before. */
  resendAt: number | null;
  /** A code was sent from this form (the hint says so; the button says "resend"). */
  sent: boolean;
  sending: boolean;
  onSend: () => void;
};

/** The SMS code's input and the "send code" button, which waits `resendAfter` after each code sent. */
export function CodeField({ value, onChange, error, resendAt, sent, sending, onSend }: CodeFieldProps) {
  const { t } = useMessages(accountMessages);
  const { secondsLeft, wait } = useCountdown(resendAt);
  const waiting = secondsLeft > 0;
  const button = (
    <button type="button" className="presta-account-code-button" disabled={waiting || sending} aria-busy={sending || undefined} onClick={onSend}>
      {sending ? t('sendingCode') : waiting ? t(sent ? 'resendIn' : 'sendIn', { seconds: secondsLeft }) : t('sendCode')}
    </button>
  );
  return (
    <>
      <TextField
        label={t('codeLabel')}
        hint={sent ? t('codeSent') : undefined}
        value={value}
        onChange={(text) => onChange(text.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        error={error}
        aside={button}
      />
      {/* Announced when the wait starts and when it ends, not every second. */}
      <p className="presta-visually-hidden" role="status">
        {resendAt === null ? '' : waiting ? t('resendWait', { seconds: wait }) : t('resendReady')}
      </p>
    </>
  );
}

/** The code field of the sign-in form. */
export function SignInCodeField({ state }: { state: SignInState }) {
  return (
    <CodeField
      value={state.values.code}
      onChange={(code) => state.change('code', code)}
      error={state.problem?.field === 'code' ? state.problem.message : undefined}
      resendAt={state.resendAt}
      sent={state.codeSent}
      sending={state.busy === 'code'}
      onSend={() => void state.sendCode()}
    />
  );
}
