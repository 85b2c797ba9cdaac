import { useId } from 'react';
import { Link } from 'wouter';
import { formatDate } from '@presta/contract/dates';
import { markets } from '@presta/contract/markets';
import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import type { CreditApplication } from '../api/application-calls';
import { useConsentsForm } from '../hooks/use-consents-form';
import { applicationMessages } from '../messages';
import { CodeField } from './code-field';
import { CheckboxField } from './form-fields';
import { StepForm } from './step-form';

type StepProps = {
  application: CreditApplication;
  onSaved: (application: CreditApplication) => void;
  onDone: () => void;
  /** Loads the application again (the new texts after a 409). */
  reload: () => Promise<unknown>;
};

/** Step 5: each text with its tick (the bureau's optional but explained), the SMS code and Sign. */
export function ConsentsStep({ application, onSaved, onDone, reload }: StepProps) {
  const { t } = useMessages(applicationMessages);
  const form = useConsentsForm(application, onSaved, reload);
  const id = useId();
  const signedAt = application.completed.consents ? application.consents.find((c) => c.kind === 'privacy')?.at : undefined;
  const problem = (key: 'bureau' | 'privacy' | 'data_use' | 'code') => (form.problems[key] ? t(form.problems[key]) : undefined);
  const onContinue = async () => {
    const signed = await form.sign();
    if (signed) onDone();
    return signed;
  };
  return (
    <StepForm onContinue={onContinue} busy={form.busy === 'sign'} refusal={form.refusal} invalid={Object.values(form.problems).some(Boolean)} previous="documents" continueLabel={form.busy === 'sign' ? t('signing') : t('sign')}>
      <p className="presta-application-intro">{t('consentsIntro')}</p>
      {signedAt ? (
        <p className="presta-application-signed">
          {t('signedOn', { date: formatDate(signedAt, { timeZone: markets[application.market].timeZone }) })}{' '}
          <Link className="presta-page-link-button" to={inAppUrl(routes.certify, { step: 'review' })}>
            {t('goToStep', { step: t('reviewTitle') })}
          </Link>
        </p>
      ) : null}
      {application.consentTexts.map((text) => (
        <section key={`${text.kind}-${text.version}`} className="presta-application-consent" aria-labelledby={`${id}-${text.kind}`}>
          <h3 id={`${id}-${text.kind}`} className="presta-application-consent-title">
            {text.title}
          </h3>
          <p className="presta-application-consent-text">{text.text}</p>
          {text.kind === 'bureau' ? <p className="presta-application-hint">{t('bureauOptional')}</p> : null}
          <CheckboxField label={t('consentAccept', { title: text.title })} checked={form.checks[text.kind]} onChange={(value) => form.check(text.kind, value)} error={problem(text.kind)} />
        </section>
      ))}
      <CodeField
        value={form.code}
        onChange={form.changeCode}
        error={problem('code')}
        resendAt={form.resendAt}
        sent={form.codeSent}
        sending={form.busy === 'code'}
        onSend={() => void form.sendCode()}
      />
    </StepForm>
  );
}
