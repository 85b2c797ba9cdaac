import { Link } from 'wouter';
import { routes } from '@presta/contract/routes';
import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PageFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { fetchBankPage } from '../api/account-data';
import { BankAccountForm } from '../components/bank-account-form';
import { BankVerificationStatus } from '../components/bank-verification-status';
import { accountMessages } from '../messages';
import './account-pages.css';

/**
 * The bank account loans are paid into (/bind-bank): the current one
 * (masked) and the form of the profile's market, confirmed by an SMS code.
 */
export default function BankAccountPage() {
  const { t } = useMessages(accountMessages);
  usePageTitle(t('bankPageTitle'));
  const remote = useQuery({ load: fetchBankPage });
  const { data } = remote;
  if (!data) {
    return <PageFallback remote={remote} texts={remoteFallbackTexts(t)} />;
  }
  return (
    <PageLayout className="presta-account-page">
      <PageCard>
        <h1 className="presta-account-title">{t('bankPageTitle')}</h1>
        <p className="presta-account-intro">{t('bankIntro')}</p>
        {data.account ? (
          <div className="presta-account-intro">
            <p className="presta-account-muted">{t('currentAccount', { masked: data.account.masked, bank: data.account.bankName })}</p>
            <BankVerificationStatus verification={data.account.verification} />
          </div>
        ) : null}
        <BankAccountForm market={data.profile.market} />
      </PageCard>
      <p>
        <Link className="presta-page-link-button" to={inAppUrl(routes.setting)}>
          {t('backToAccount')}
        </Link>
      </p>
    </PageLayout>
  );
}
