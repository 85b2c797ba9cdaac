import { Link } from 'wouter';
import { formatDate } from '@presta/contract/dates';
import { markets } from '@presta/contract/markets';
import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import type { CreditApplication } from '../api/application-calls';
import { applicationMessages } from '../messages';

/** After submit: the state in the server's words, when it was sent, what happens next, and the way home. */
export function ApplicationStatus({ application }: { application: CreditApplication }) {
  const { t } = useMessages(applicationMessages);
  const sentOn = application.submittedAt ? formatDate(application.submittedAt, { timeZone: markets[application.market].timeZone }) : '';
  return (
    <div className="presta-application-status">
      <p className="presta-application-status-text">{application.statusText}</p>
      <p className="presta-application-muted">{t('applicationNo', { no: application.applicationNo })}</p>
      {sentOn ? <p className="presta-application-muted">{t('submittedOn', { date: sentOn })}</p> : null}
      <p>{t(`next_${application.status}`)}</p>
      <p>
        <Link className="presta-page-link-button" to={inAppUrl(routes.main)}>
          {t('goHome')}
        </Link>
      </p>
    </div>
  );
}
