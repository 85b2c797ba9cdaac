import { Link } from 'react-router';
import { routes } from '@presta/contract/routes';
import { useRemoteData } from '@/shared/http/use-remote-data';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { RemoteFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { fetchHome } from '../api/account-data';
import { ActiveLoanCard } from '../components/active-loan-card';
import { OffersSection } from '../components/offers-section';
import { accountMessages } from '../messages';
import './account-pages.css';

/**
 * Home (/main): a greeting, then the active loan's card (next payment, Pay,
 * its details) or, without one, the offers (#offers); links to my loans and
 * the account.
 */
export default function HomePage() {
  const { t } = useMessages(accountMessages);
  usePageTitle(t('homeTitle'));
  const remote = useRemoteData((_arg, opts) => fetchHome(opts));
  const { data } = remote;
  if (!data) {
    return (
      <PageLayout>
        <RemoteFallback remote={remote} texts={remoteFallbackTexts(t)} />
      </PageLayout>
    );
  }
  return (
    <PageLayout className="presta-account-page">
      <PageCard>
        <h1 className="presta-account-title">{data.profile.fullName.trim() ? t('greeting', { name: data.profile.fullName }) : t('greetingNoName')}</h1>
        <nav className="presta-account-links" aria-label={t('homeTitle')}>
          <Link className="presta-page-link-button" to={inAppUrl(routes.order)}>
            {t('myLoansLink')}
          </Link>
          <Link className="presta-page-link-button" to={inAppUrl(routes.setting)}>
            {t('accountLink')}
          </Link>
        </nav>
      </PageCard>
      {data.activeLoan ? <ActiveLoanCard loan={data.activeLoan} /> : <OffersSection offers={data.offers} />}
    </PageLayout>
  );
}
