import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PageFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { homeQuery, type HomeData } from '../api/account-data';
import { AccountNav } from '../components/account-nav';
import { ActiveLoanCard } from '../components/active-loan-card';
import { ApplicationCard, homeApplicationCard } from '../components/application-card';
import { LimitIncreaseCards } from '../components/limit-increase-card';
import { OffersSection } from '../components/offers-section';
import { useLimitIncreases } from '../hooks/use-limit-increases';
import { accountMessages } from '../messages';
import './account-pages.css';

/**
 * Home (/main): a greeting, then the active loan's card (next payment, Pay,
 * its details) or, without one, the offers (#offers); without offers either,
 * the credit application's card (apply, continue, or its state once sent,
 * above the "no offer yet" note; a declined one's reasons and the day to apply
 * again); below, the higher limits proposed, each to accept or not (issue 35);
 * the account's sections above (AccountNav).
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
  const limits = useLimitIncreases(data);
  return (
    <>
      <MainCard data={data} offers={limits.offers} />
      <LimitIncreaseCards state={limits} />
    </>
  );
}

/** The active loan, else the offers, else the application's card (with the "no offer yet" note once it is sent). */
function MainCard({ data, offers }: { data: HomeData; offers: HomeData['offers'] }) {
  if (data.activeLoan) return <ActiveLoanCard loan={data.activeLoan} />;
  if (offers.length > 0) return <OffersSection offers={offers} />;
  if (homeApplicationCard(data.application) !== 'sent') return <ApplicationCard application={data.application} />;
  return (
    <>
      <ApplicationCard application={data.application} />
      <OffersSection offers={offers} />
    </>
  );
}
