import type { FormEvent } from 'react';
import { useMessages } from '@/shared/i18n/use-messages';
import { PrimaryButton } from '@/shared/ui/primary-button';
import type { SignInState } from '../hooks/use-sign-in';
import { accountMessages } from '../messages';
import { CaptchaField } from './captcha-field';
import { SignInCodeField } from './code-field';
import { RefusalNotice } from './refusal-notice';
import { TextField } from './text-field';

/** Phone, the captcha, the SMS code (with "send code") and "sign in". */
export function SignInForm({ state }: { state: SignInState }) {
  const { t } = useMessages(accountMessages);
  const problemOf = (field: 'phone' | 'capcode') => (state.problem?.field === field ? state.problem.message : undefined);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void state.submit();
  };
  const signingIn = state.busy === 'signIn';
  return (
    <form className="presta-account-form" noValidate onSubmit={onSubmit}>
      <TextField
        label={t('phoneLabel')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
        value={state.values.phone}
        onChange={(phone) => state.change('phone', phone)}
        error={problemOf('phone')}
      />
      <CaptchaField captcha={state.captcha} value={state.values.capcode} onChange={(capcode) => state.change('capcode', capcode)} error={problemOf('capcode')} />
      <SignInCodeField state={state} />
      <RefusalNotice refusal={state.refusal} />
      <PrimaryButton type="submit" disabled={signingIn} aria-busy={signingIn || undefined}>
        {signingIn ? t('signingIn') : t('signIn')}
      </PrimaryButton>
    </form>
  );
}
