import { useLocation } from 'wouter';
import { endSentence } from '@presta/contract/markets';
import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { PageCard } from '@/shared/ui/page-layout';
import { PrimaryButton } from '@/shared/ui/primary-button';
import type { HomeData } from '../api/account-data';
import { accountMessages } from '../messages';

type ApplicationSummary = HomeData['application'];

/** Whether the borrower may still change their application (draft, returned): home leads them back to it. */
export function applicationOpen(application: ApplicationSummary): boolean {
  return application === null || application.status === 'draft' || application.status === 'returned';
}

/**
 * Home without a loan or an offer (issue 34): "apply for credit" (no application yet) or "continue your
 * application" (a draft with its next step, or a returned one), both leading to /certify; once sent, its state.
 */
export function ApplicationCard({ application }: { application: ApplicationSummary }) {
  const { t } = useMessages(accountMessages);
  const [, navigate] = useLocation();
  if (!application) {
    return (
      <PageCard title={t('applyTitle')} className="presta-account-application">
        <p className="presta-account-muted">{t('applyText')}</p>
        <div className="presta-account-actions">
          <PrimaryButton onClick={() => void navigate(inAppUrl(routes.certify))}>{t('applyButton')}</PrimaryButton>
        </div>
      </PageCard>
    );
  }
  if (applicationOpen(application)) {
    const returned = application.status === 'returned';
    const next = application.nextStep;
    return (
      <PageCard title={t('continueTitle')} className="presta-account-application">
        {returned ? <p className="presta-account-muted">{`${endSentence(application.statusText)} ${t('continueReturned')}`}</p> : null}
        {!returned ? <p className="presta-account-muted">{next ? t('continueNext', { step: t(`applicationStep_${next}`) }) : t('continueReady')}</p> : null}
        <div className="presta-account-actions">
          <PrimaryButton onClick={() => void navigate(inAppUrl(routes.certify, returned ? {} : { step: next ?? 'review' }))}>{t('continueButton')}</PrimaryButton>
        </div>
      </PageCard>
    );
  }
  return (
    <PageCard title={t('applicationTitle')} className="presta-account-application">
      <p className="presta-account-application-state">{application.statusText}</p>
      <p className="presta-account-muted">{t('applicationNo', { no: application.applicationNo })}</p>
      <p className="presta-account-muted">{t('applicationFollow')}</p>
    </PageCard>
  );
}
