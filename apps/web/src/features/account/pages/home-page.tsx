import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PageFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { homeQuery, type HomeData } from '../api/account-data';
import { AccountNav } from '../components/account-nav';
import { ActiveLoanCard } from '../components/active-loan-card';
import { ApplicationCard, applicationOpen } from '../components/application-card';
import { OffersSection } from '../components/offers-section';
import { accountMessages } from '../messages';
import './account-pages.css';

/**
 * Home (/main): a greeting, then the active loan's card (next payment, Pay,
 * its details) or, without one, the offers (#offers); without offers either,
 * the credit application's card (apply, continue, or its state once sent,
 * above the "no offer yet" note); the account's sections above (AccountNav).
 */
export default function HomePage() {
  const { t } = useMessages(accountMessages);
  usePageTitle(t('homeTitle'));
  const remote = useQuery(homeQuery);
  const { data } = remote;
  if (!data) {
    return <PageFallback remote={remote} texts={remoteFallbackTexts(t)} />;
  }
  return (
    <PageLayout className="presta-account-page">
      <AccountNav current="main" />
      <h1 className="presta-account-title">{data.profile.fullName.trim() ? t('greeting', { name: data.profile.fullName }) : t('greetingNoName')}</h1>
      <HomeContent data={data} />
    </PageLayout>
  );
}

function HomeContent({ data }: { data: HomeData }) {
  if (data.activeLoan) return <ActiveLoanCard loan={data.activeLoan} />;
  if (data.offers.length > 0) return <OffersSection offers={data.offers} />;
  if (applicationOpen(data.application)) return <ApplicationCard application={data.application} />;
  return (
    <>
      <ApplicationCard application={data.application} />
      <OffersSection offers={data.offers} />
    </>
  );
}
