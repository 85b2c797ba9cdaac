import { Link } from 'wouter';
import { formatDate, todayIn } from '@presta/contract/dates';
import { markets } from '@presta/contract/markets';
import { routes } from '@presta/contract/routes';
import { readableDay } from '@/shared/format/calendar-day';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import type { CreditApplication } from '../api/application-calls';
import { applicationMessages } from '../messages';
import { mayApplyAgain } from '../utils/reapply';

/**
 * After submit: the state in the server's words, when it was sent, what happens next, and the way on. Once the
 * credit decision is made (issue 35): approved leads to the offers on home; referred says an analyst decides;
 * declined lists the reasons and the day the borrower may apply again (from that day, the way to a new application).
 */
export function ApplicationStatus({ application }: { application: CreditApplication }) {
  const { t, lang } = useMessages(applicationMessages);
  const timeZone = markets[application.market].timeZone;
  // The day it was sent in the market's calendar, in words as the day to apply again is ("30 de noviembre de 2026").
  const sentOn = application.submittedAt ? readableDay(formatDate(application.submittedAt, { timeZone }), lang) : '';
  return (
    <div className="presta-application-status">
      <p className="presta-application-status-text">{application.statusText}</p>
      <p className="presta-application-muted">{t('applicationNo', { no: application.applicationNo })}</p>
      {sentOn ? <p className="presta-application-muted">{t('submittedOn', { date: sentOn })}</p> : null}
      <p>{t(`next_${application.status}`)}</p>
      {application.status === 'declined' ? <DeclinedReasons application={application} today={todayIn(timeZone)} /> : null}
      {application.status === 'approved' ? (
        <p>
          <Link className="presta-page-link-button" to={`${inAppUrl(routes.main)}#offers`}>
            {t('approvedOffers')}
          </Link>
        </p>
      ) : (
        <p>
          <Link className="presta-page-link-button" to={inAppUrl(routes.main)}>
            {t('goHome')}
          </Link>
        </p>
      )}
    </div>
  );
}

/** Why the application was declined (the server's words, in the page's language) and when to apply again. */
function DeclinedReasons({ application, today }: { application: CreditApplication; today: string }) {
  const { t, lang } = useMessages(applicationMessages);
  const reasons = application.decision?.reasons ?? [];
  const after = application.decision?.reapplyAfter ?? null;
  const again = mayApplyAgain(application, today);
  return (
    <>
      {reasons.length > 0 ? (
        <section className="presta-application-reasons" aria-labelledby="declined-reasons">
          <h3 id="declined-reasons">{t('declinedReasonsTitle')}</h3>
          <ul>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>{again ? t('reapplyNow') : t('reapplyFrom', { date: readableDay(after ?? '', lang) })}</p>
      {again ? (
        <p>
          <Link className="presta-page-link-button" to={inAppUrl(routes.certify, { step: 'identity' })}>
            {t('applyAgain')}
          </Link>
        </p>
      ) : null}
    </>
  );
}
