import { useState } from 'react';
import { Link } from 'wouter';
import { applicationSteps } from '@presta/contract/application-rules';
import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { DetailList } from '@/shared/ui/detail-list';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { submitApplication, type CreditApplication } from '../api/application-calls';
import { applicationMessages } from '../messages';
import { summaryRows } from '../utils/summary-rows';

/** Why the application cannot be sent yet: a step not completed, or the bureau's authorisation withheld. */
function holdOf(a: CreditApplication): 'incomplete' | 'bureauNeeded' | null {
  if (applicationSteps.some((step) => !a.completed[step])) return 'incomplete';
  const bureau = a.consentTexts.find((c) => c.kind === 'bureau');
  return a.consents.some((c) => c.kind === 'bureau' && c.granted && c.version === bureau?.version) ? null : 'bureauNeeded';
}

/** The review: a summary of every step with a link to change it, then Send; a returned application's problems first. */
export function ReviewStep({ application, onSaved }: { application: CreditApplication; onSaved: (application: CreditApplication) => void }) {
  const { t, lang } = useMessages(applicationMessages);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const hold = holdOf(application);
  const submit = async () => {
    if (busy) return;
    if (hold) {
      setRefusal(t(hold));
      return;
    }
    setBusy(true);
    setRefusal(null);
    const answer = await submitApplication();
    setBusy(false);
    if (answer.success && answer.data) onSaved(answer.data.application);
    else setRefusal(answer.message);
  };
  const stepLink = (step: (typeof applicationSteps)[number], label: string) => (
    <Link className="presta-page-link-button" to={inAppUrl(routes.certify, { step })}>
      {label}
    </Link>
  );

  return (
    <div className="presta-application-review">
      {application.status === 'returned' ? <ReturnedProblems application={application} /> : null}
      <p className="presta-application-intro">{t('reviewIntro')}</p>
      {applicationSteps.map((step) => (
        <section key={step} className="presta-application-summary" aria-labelledby={`summary-${step}`}>
          <div className="presta-application-summary-head">
            <h3 id={`summary-${step}`}>{t(`step_${step}`)}</h3>
            <span className={application.completed[step] ? 'presta-application-tag is-done' : 'presta-application-tag'}>{t(application.completed[step] ? 'stepDone' : 'stepPending')}</span>
          </div>
          <DetailList rows={summaryRows(application, step, t, lang)} />
          <p className="presta-application-summary-link">{stepLink(step, t('change', { step: t(`step_${step}`) }))}</p>
        </section>
      ))}
      {hold === 'bureauNeeded' ? <p className="presta-application-hint">{t('bureauNeeded')}</p> : null}
      {refusal ? (
        <div className="presta-application-refusal" role="alert">
          <p>{refusal}</p>
          {hold === 'bureauNeeded' ? stepLink('consents', t('goToStep', { step: t('step_consents') })) : null}
          {hold === 'incomplete' && application.nextStep ? stepLink(application.nextStep, t('goToStep', { step: t(`step_${application.nextStep}`) })) : null}
        </div>
      ) : null}
      <PrimaryButton onClick={() => void submit()} disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('submitting') : t('submit')}
      </PrimaryButton>
    </div>
  );
}

/** A returned application: what to correct, each with a link to its step. */
function ReturnedProblems({ application }: { application: CreditApplication }) {
  const { t } = useMessages(applicationMessages);
  return (
    <section className="presta-application-problems" aria-labelledby="returned-problems">
      <h3 id="returned-problems">{t('problemsTitle')}</h3>
      <p>
        <strong>{application.statusText}</strong>
      </p>
      <ul>
        {application.problems.map((problem, index) => (
          <li key={`${problem.step}-${index}`}>
            <span>{problem.message}</span>{' '}
            <Link className="presta-page-link-button" to={inAppUrl(routes.certify, { step: problem.step })}>
              {t('goToStep', { step: t(`step_${problem.step}`) })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
