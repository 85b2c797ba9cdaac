import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PageFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { fetchLoans } from '../api/account-data';
import { AccountNav } from '../components/account-nav';
import { LoanListItem } from '../components/loan-list-item';
import { accountMessages } from '../messages';
import './account-pages.css';

/**
 * My loans (/order without orderId): every loan, newest first (the server's
 * order), with status, amounts and next payment; each opens its details.
 */
export default function MyLoansPage() {
  const { t } = useMessages(accountMessages);
  usePageTitle(t('myLoansTitle'));
  const remote = useQuery({ load: fetchLoans });
  if (!remote.data) {
    return <PageFallback remote={remote} texts={remoteFallbackTexts(t)} />;
  }
  const { loans } = remote.data;
  return (
    <PageLayout className="presta-account-page">
      <AccountNav current="order" />
      <h1 className="presta-account-title" id="presta-my-loans-title">
        {t('myLoansTitle')}
      </h1>
      {loans.length === 0 ? (
        <PageCard>
          <p className="presta-account-muted">{t('noLoans')}</p>
        </PageCard>
      ) : (
        <ul className="presta-account-list" aria-labelledby="presta-my-loans-title">
          {loans.map((loan) => (
            <LoanListItem key={loan.orderId} loan={loan} />
          ))}
        </ul>
      )}
    </PageLayout>
  );
}
