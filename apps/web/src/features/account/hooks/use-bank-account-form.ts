import { useState } from 'react';
import { useLocation } from 'wouter';
import type { MarketCode } from '@presta/contract/markets';
import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { showToast } from '@/shared/ui/toast';
import { requestBankAccountCode, saveBankAccount } from '../api/account-actions';
import { accountMessages } from '../messages';
import { bankAccountProblems, type BankAccountProblem } from '../utils/bank-account-checks';
import { refusalOf, type Refusal } from '../utils/refusals';

type Field = 'account' | 'ifsc' | 'code';
type Problems = Partial<Record<Field, BankAccountProblem | 'codeRequired'>>;

/**
 * The bank-account form of a market: the account checked here (the format)
 * before the SMS code is asked for and before saving; the server checks the
 * rest and its refusals are shown. Saved, the page goes back to the account.
 */
export function useBankAccountForm(market: MarketCode) {
  const { t } = useMessages(accountMessages);
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Record<Field, string>>({ account: '', ifsc: '', code: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState<'code' | 'save' | null>(null);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };
  const checked = (withCode: boolean) => {
    const found: Problems = { ...bankAccountProblems(market, values), ...(withCode && !/^\d{6}$/.test(values.code) ? { code: 'codeRequired' as const } : {}) };
    setProblems(found);
    return Object.keys(found).length === 0;
  };

  const sendCode = async () => {
    if (busy || !checked(false)) return;
    setBusy('code');
    const result = await requestBankAccountCode(t('sendingCode'));
    setBusy(null);
    const failed = result.success ? null : refusalOf(result);
    // A wait is shown on the button, counting; the other refusals in words.
    setRefusal(failed?.retryAfter === undefined ? failed : null);
    if (result.success && result.data) {
      setCodeSent(true);
      setResendAt(Date.now() + result.data.resendAfter * 1000);
    }
    // Too soon after another code to this phone (the sign-in code, say): the button counts the wait.
    if (failed?.retryAfter !== undefined) setResendAt(Date.now() + failed.retryAfter * 1000);
  };

  const save = async () => {
    if (busy || !checked(true)) return;
    setBusy('save');
    const ifsc = market === 'IN' ? values.ifsc : undefined;
    const result = await saveBankAccount({ account: values.account, ifsc, code: values.code }, t('savingAccount'));
    setBusy(null);
    if (result.success) {
      showToast(t('accountSaved'));
      void navigate(inAppUrl(routes.setting));
      return;
    }
    const failed = refusalOf(result);
    setRefusal(failed);
    if (failed.codeWrong) setValues((v) => ({ ...v, code: '' }));
  };

  return { values, change, problems, refusal, resendAt, codeSent, busy, sendCode, save };
}
