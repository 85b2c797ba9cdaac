import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ApplicationStep } from '@presta/contract/application-rules';
import { todayIn } from '@presta/contract/dates';
import { markets } from '@presta/contract/markets';
import { routes } from '@presta/contract/routes';
import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { useAddressSearch } from '@/shared/router/address';
import { inAppUrl } from '@/shared/session/session-params';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PageFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { applicationQuery, type ApplicationData, type CreditApplication } from '../api/application-calls';
import { AddressForm } from '../components/address-form';
import { ApplicationStatus } from '../components/application-status';
import { ConsentsStep } from '../components/consents-step';
import { DocumentsStep } from '../components/documents-step';
import { IdentityForm } from '../components/identity-form';
import { ReviewStep } from '../components/review-step';
import { StepHeader } from '../components/step-header';
import { WorkForm } from '../components/work-form';
import { applicationMessages } from '../messages';
import { stepAfter, viewOf, type ApplicationView } from '../utils/application-view';
import { mayApplyAgain } from '../utils/reapply';
import './application-page.css';

/**
 * The credit application (/certify, issue 34): five steps as ?step=identity|address|work|documents|consents,
 * each saved on the server as it is typed and completed with Continue, then the review with Send (?step=review);
 * without a step, the first step not completed, or the state once sent. An approved application, or a declined one
 * whose day to apply again has come, starts a new one at ?step=identity (issue 35).
 */
export default function ApplicationPage() {
  const { t } = useMessages(applicationMessages);
  usePageTitle(t('pageTitle'));
  const remote = useQuery(applicationQuery);
  if (!remote.data) return <PageFallback remote={remote} texts={remoteFallbackTexts(t)} />;
  return <ApplicationFlow data={remote.data} reload={() => remote.load(undefined, { silent: true })} />;
}

function ApplicationFlow({ data, reload }: { data: ApplicationData; reload: () => Promise<unknown> }) {
  const { t } = useMessages(applicationMessages);
  const [, navigate] = useLocation();
  // Every call answers the application as saved: the latest answer wins over the one the page loaded.
  const [saved, setSaved] = useState<CreditApplication | null>(null);
  const step = new URLSearchParams(useAddressSearch()).get('step');
  const application = saved ?? (startsAgain(data.application, step) ? null : data.application);
  const view = viewOf(application, step);
  const heading = useFocusOnChange(view);
  const goTo = (next: ApplicationStep | 'review') => navigate(inAppUrl(routes.certify, { step: next }));
  // The view found without ?step= is written into the address, so that a save moving nextStep on keeps the
  // borrower where they are, and a reload comes back to the same step.
  const pinned = view !== 'status' && step !== view;
  useEffect(() => {
    if (pinned) navigate(inAppUrl(routes.certify, { step: view }), { replace: true });
  }, [pinned, view, navigate]);
  const reloadTexts = async () => {
    await reload();
    setSaved(null);
  };
  const title = view === 'status' ? t('statusTitle') : view === 'review' ? t('reviewTitle') : t(`step_${view}`);

  return (
    <PageLayout className="presta-application-page">
      <h1 className="presta-application-title">{t('pageTitle')}</h1>
      {application && view !== 'status' && view !== 'review' ? <StepHeader step={view} completed={application.completed} /> : null}
      <section className="presta-page-card" aria-labelledby="application-view-title">
        <h2 id="application-view-title" ref={heading} tabIndex={-1} className="presta-page-card-title">
          {title}
        </h2>
        {view === 'identity' ? <IdentityForm application={application} markets={data.markets} onSaved={setSaved} onDone={() => goTo(stepAfter('identity'))} /> : null}
        {application ? <StepView view={view} application={application} onSaved={setSaved} goTo={goTo} reload={reloadTexts} /> : null}
      </section>
    </PageLayout>
  );
}

type StepViewProps = {
  view: ApplicationView;
  application: CreditApplication;
  onSaved: (application: CreditApplication) => void;
  goTo: (next: ApplicationStep | 'review') => void;
  reload: () => Promise<unknown>;
};

/** The view of an application that exists (identity is drawn above: it also opens one). */
function StepView({ view, application, onSaved, goTo, reload }: StepViewProps) {
  const props = { application, onSaved };
  switch (view) {
    case 'address':
      return <AddressForm {...props} onDone={() => goTo(stepAfter('address'))} />;
    case 'work':
      return <WorkForm {...props} onDone={() => goTo(stepAfter('work'))} />;
    case 'documents':
      return <DocumentsStep {...props} onDone={() => goTo(stepAfter('documents'))} />;
    case 'consents':
      return <ConsentsStep {...props} reload={reload} onDone={() => goTo(stepAfter('consents'))} />;
    case 'review':
      return <ReviewStep {...props} />;
    case 'status':
      return <ApplicationStatus application={application} />;
    default:
      return null;
  }
}

/** Moves focus to the view's heading when the view changes (not on the first render): a new step is announced. */
function useFocusOnChange(view: ApplicationView) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(view);
  useEffect(() => {
    if (first.current === view) return;
    first.current = view;
    heading.current?.focus();
  }, [view]);
  return heading;
}

/** A closed application that allows another (approved; declined, its day come) and the identity step asked for: a new one starts. */
function startsAgain(application: CreditApplication | null, step: string | null): boolean {
  return step === 'identity' && application !== null && mayApplyAgain(application, todayIn(markets[application.market].timeZone));
}
