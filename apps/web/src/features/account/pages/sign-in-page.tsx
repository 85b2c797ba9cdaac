import { useMemo } from 'react';
import { useAddressSearch } from '@/shared/router/address';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { SignInForm } from '../components/sign-in-form';
import { useSignIn } from '../hooks/use-sign-in';
import { accountMessages } from '../messages';
import { nextPath } from '../utils/next-path';
import './account-pages.css';

/**
 * Sign-in (/login?next=, decision 017): phone, the promotion page's image
 * captcha, a 6-digit code by SMS; the browser's session is the cookie the
 * server sets. Afterwards the page asked for (`next`, a path of this site),
 * else home.
 */
export default function SignInPage() {
  const { t } = useMessages(accountMessages);
  usePageTitle(t('signInTitle'));
  const search = useAddressSearch();
  const next = useMemo(() => nextPath(new URLSearchParams(search).get('next')), [search]);
  const state = useSignIn(next);
  return (
    <PageLayout className="presta-account-page">
      <PageCard>
        <h1 className="presta-account-title">{t('signInTitle')}</h1>
        <p className="presta-account-intro">{t('signInIntro')}</p>
        <SignInForm state={state} />
      </PageCard>
    </PageLayout>
  );
}
