import { useState } from 'react';
import { setLanguage } from '@/shared/i18n/language-store';
import { useMessages } from '@/shared/i18n/use-messages';
import { replaceLocation } from '@/shared/session/navigation';
import { requestSignInCode, signIn } from '../api/sign-in';
import { accountMessages } from '../messages';
import { refusalOf, type Refusal } from '../utils/refusals';
import { useCaptcha } from './use-captcha';

export type SignInField = 'phone' | 'capcode' | 'code';
export type SignInValues = Record<SignInField, string>;

/**
 * The sign-in form's state: phone, captcha answer and SMS code, the field
 * that failed its check, the server's refusal, the wait for a new code, and
 * the two steps (send the code, sign in). Signing in goes to `next`.
 */
export function useSignIn(next: string) {
  const { t } = useMessages(accountMessages);
  const captcha = useCaptcha();
  const [values, setValues] = useState<SignInValues>({ phone: '', capcode: '', code: '' });
  const [problem, setProblem] = useState<{ field: SignInField; message: string } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState<'code' | 'signIn' | null>(null);

  const change = (field: SignInField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };
  const check = (field: SignInField, ok: boolean, key: 'phoneRequired' | 'captchaRequired' | 'codeRequired') => {
    if (!ok) setProblem({ field, message: t(key) });
    return ok;
  };

  const sendCode = async () => {
    if (busy || !check('phone', values.phone.trim() !== '', 'phoneRequired') || !check('capcode', values.capcode.trim() !== '', 'captchaRequired')) return;
    setBusy('code');
    const result = await requestSignInCode({ phone: values.phone, sid: captcha.sid, capcode: values.capcode }, t('sendingCode'));
    setBusy(null);
    const failed = result.success && result.data ? null : refusalOf(result);
    // A wait is shown on the button, counting; the other refusals in words.
    setRefusal(failed?.retryAfter === undefined ? failed : null);
    // The picture's answer is asked again for every code, and after every refusal that spent the picture.
    if (!failed || failed.captchaSpent) {
      setValues((v) => ({ ...v, capcode: '' }));
      captcha.refresh();
    }
    if (!failed && result.data) {
      setSent(true);
      setResendAt(Date.now() + result.data.resendAfter * 1000);
    }
    // Too soon after another code to this phone (registration's, say): the button counts the wait, the answer kept.
    if (failed?.retryAfter !== undefined) setResendAt(Date.now() + failed.retryAfter * 1000);
  };

  const submit = async () => {
    if (busy || !check('phone', values.phone.trim() !== '', 'phoneRequired') || !check('code', /^\d{6}$/.test(values.code), 'codeRequired')) return;
    setBusy('signIn');
    const result = await signIn({ phone: values.phone, code: values.code }, t('signingIn'));
    if (result.success && result.data) {
      setLanguage(result.data.profile.language);
      // The page is being replaced: it stays busy so nothing is sent twice.
      replaceLocation(next);
      return;
    }
    setBusy(null);
    const failed = refusalOf(result);
    setRefusal(failed);
    if (failed.codeWrong) setValues((v) => ({ ...v, code: '' }));
  };

  return { captcha, values, change, problem, refusal, resendAt, codeSent: sent, busy, sendCode, submit };
}

export type SignInState = ReturnType<typeof useSignIn>;
