import { useLocation } from 'wouter';
import { todayIn } from '@presta/contract/dates';
import { endSentence, markets } from '@presta/contract/markets';
import { routes } from '@presta/contract/routes';
import { readableDay } from '@/shared/format/calendar-day';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { PageCard } from '@/shared/ui/page-layout';
import { PrimaryButton } from '@/shared/ui/primary-button';
import type { HomeData } from '../api/account-data';
import { accountMessages } from '../messages';
import { applicationCardKind, type ApplicationCardKind } from '../utils/application-card';

type ApplicationSummary = HomeData['application'];

/** The card home shows for the borrower's newest application today, in its market's calendar. */
export function homeApplicationCard(application: ApplicationSummary): ApplicationCardKind {
  return applicationCardKind(application, application ? todayIn(markets[application.market].timeZone) : '');
}

/**
 * Home without a loan or an offer (issues 34 and 35): "apply for credit" (no application yet, or again once a
 * declined one allows it) or "continue your application" (a draft with its next step, or a returned one), both
 * leading to /certify; once sent, its state; once declined, the reasons and the day to apply again.
 */
export function ApplicationCard({ application }: { application: ApplicationSummary }) {
  const { t } = useMessages(accountMessages);
  const [, navigate] = useLocation();
  const kind = homeApplicationCard(application);
  if (kind === 'apply' || kind === 'applyAgain') {
    const again = kind === 'applyAgain';
    return (
      <PageCard title={t('applyTitle')} className="presta-account-application">
        <p className="presta-account-muted">{again ? t('applyAgainText') : t('applyText')}</p>
        <div className="presta-account-actions">
          {/* After a decided application, the identity step of a new one (without a step, /certify shows the decision). */}
          <PrimaryButton onClick={() => void navigate(inAppUrl(routes.certify, application ? { step: 'identity' } : {}))}>{t('applyButton')}</PrimaryButton>
        </div>
      </PageCard>
    );
  }
  if (!application) return null;
  if (kind === 'continue') {
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
      {kind === 'declined' ? <DeclinedDetails decision={application.decision} /> : <p className="presta-account-muted">{t('applicationFollow')}</p>}
    </PageCard>
  );
}

/** A declined application's reasons (the server's plain words) and the first day a new one is taken. */
function DeclinedDetails({ decision }: { decision: NonNullable<ApplicationSummary>['decision'] }) {
  const { t, lang } = useMessages(accountMessages);
  const reasons = decision?.reasons ?? [];
  return (
    <>
      {reasons.length > 0 ? (
        <>
          <h3 className="presta-account-application-subtitle">{t('applicationReasonsTitle')}</h3>
          <ul className="presta-account-reasons">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      ) : null}
      {decision?.reapplyAfter ? <p className="presta-account-muted">{t('applicationReapplyFrom', { date: readableDay(decision.reapplyAfter, lang) })}</p> : null}
    </>
  );
}
