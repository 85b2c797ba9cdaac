import { useState } from 'react';
import type { ConsentKind } from '@presta/contract/application-rules';
import { errorCodes } from '@presta/contract/error-codes';
import { retryAfterOf } from '@/shared/http/http-client';
import { useMessages } from '@/shared/i18n/use-messages';
import { requestConsentCode, signConsents, type CreditApplication } from '../api/application-calls';
import { applicationMessages } from '../messages';
import { SMS_CODE_LENGTH } from '../components/code-field';

type Checks = Record<ConsentKind, boolean>;
type Problem = 'consentRequired' | 'codeRequired';
export type ConsentProblems = Partial<Record<ConsentKind | 'code', Problem>>;

/** The consents signed in force with the current text's version: ticked again when the page opens. */
function signedChecks(application: CreditApplication): Checks {
  const granted = (kind: ConsentKind) => {
    const text = application.consentTexts.find((c) => c.kind === kind);
    return application.consents.some((c) => c.kind === kind && c.granted && c.version === text?.version);
  };
  return { bureau: granted('bureau'), privacy: granted('privacy'), data_use: granted('data_use') };
}

/**
 * The consents' form: a tick per text (privacy and data use needed, the bureau's optional), the SMS code and
 * the signature. A text changed meanwhile is refused (409) with the new texts, which `reload` fetches.
 */
export function useConsentsForm(application: CreditApplication, onSaved: (application: CreditApplication) => void, reload: () => Promise<unknown>) {
  const { t } = useMessages(applicationMessages);
  const [checks, setChecks] = useState<Checks>(() => signedChecks(application));
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<ConsentProblems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [busy, setBusy] = useState<'code' | 'sign' | null>(null);

  const check = (kind: ConsentKind, value: boolean) => {
    setChecks((c) => ({ ...c, [kind]: value }));
    setProblems((p) => ({ ...p, [kind]: undefined }));
  };
  const changeCode = (value: string) => {
    setCode(value);
    setProblems((p) => ({ ...p, code: undefined }));
  };
  const checked = (withCode: boolean) => {
    const found: ConsentProblems = {};
    if (!checks.privacy) found.privacy = 'consentRequired';
    if (!checks.data_use) found.data_use = 'consentRequired';
    if (withCode && code.length !== SMS_CODE_LENGTH) found.code = 'codeRequired';
    setProblems(found);
    return Object.keys(found).length === 0;
  };

  const sendCode = async () => {
    if (busy || !checked(false)) return;
    setBusy('code');
    const answer = await requestConsentCode();
    setBusy(null);
    if (answer.success && answer.data) {
      setRefusal(null);
      setCodeSent(true);
      setResendAt(Date.now() + answer.data.resendAfter * 1000);
      return;
    }
    const wait = answer.code === errorCodes.rateLimited ? retryAfterOf(answer.raw) : undefined;
    // A wait is counted on the button; any other refusal in words.
    if (wait !== undefined) setResendAt(Date.now() + wait * 1000);
    else setRefusal(answer.message);
  };

  const versionOf = (kind: ConsentKind) => application.consentTexts.find((c) => c.kind === kind)?.version ?? '';
  const sign = async () => {
    if (busy || !checked(true)) return false;
    setBusy('sign');
    setRefusal(null);
    const answer = await signConsents({
      bureau: checks.bureau ? 1 : 0,
      privacy: checks.privacy ? 1 : 0,
      dataUse: checks.data_use ? 1 : 0,
      bureauVersion: versionOf('bureau'),
      privacyVersion: versionOf('privacy'),
      dataUseVersion: versionOf('data_use'),
      code,
    });
    setBusy(null);
    if (answer.success && answer.data) {
      onSaved(answer.data.application);
      return true;
    }
    if (answer.code === errorCodes.smsCodeWrong) setCode('');
    if (answer.code.startsWith('409')) {
      // The new texts come with the application: each is read and ticked again.
      await reload();
      setChecks({ bureau: false, privacy: false, data_use: false });
      setRefusal(`${answer.message} ${t('newVersion')}`.trim());
      return false;
    }
    setRefusal(answer.message);
    return false;
  };

  return { checks, check, code, changeCode, problems, refusal, codeSent, resendAt, busy, sendCode, sign };
}
