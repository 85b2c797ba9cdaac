import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PageFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { fetchAccount } from '../api/account-data';
import { AccountNav } from '../components/account-nav';
import { BankAccountCard } from '../components/bank-account-card';
import { LanguageCard } from '../components/language-card';
import { ProfileCard } from '../components/profile-card';
import { SessionsCard } from '../components/sessions-card';
import { useSignOut } from '../hooks/use-sign-out';
import { accountMessages } from '../messages';
import './account-pages.css';

/**
 * Account (/setting, the mine tab): profile, language, the bank account,
 * the active sessions, sign out and sign out everywhere.
 */
export default function AccountPage() {
  const { t } = useMessages(accountMessages);
  usePageTitle(t('accountTitle'));
  const remote = useQuery({ load: fetchAccount });
  const signOut = useSignOut(() => void remote.load(undefined, { silent: true }));
  const { data } = remote;
  if (!data) {
    return <PageFallback remote={remote} texts={remoteFallbackTexts(t)} />;
  }
  return (
    <PageLayout className="presta-account-page">
      <AccountNav current="setting" />
      <h1 className="presta-account-title">{t('accountTitle')}</h1>
      <ProfileCard profile={data.profile} />
      <LanguageCard saved={data.profile.language} />
      <BankAccountCard account={data.account} />
      <SessionsCard sessions={data.sessions} signOut={signOut} />
    </PageLayout>
  );
}
