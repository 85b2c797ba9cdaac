import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import type { Profile } from '../api/account-data';
import { accountMessages } from '../messages';

/** The borrower's name (none yet for one registered on the promotion page: no empty row) and masked phone. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useMessages(accountMessages);
  return (
    <PageCard title={t('profileTitle')}>
      <dl className="presta-account-rows">
        {profile.fullName.trim() ? (
          <>
            <dt>{t('nameLabel')}</dt>
            <dd>{profile.fullName}</dd>
          </>
        ) : null}
        <dt>{t('phoneShownLabel')}</dt>
        <dd>{profile.maskedPhone}</dd>
      </dl>
    </PageCard>
  );
}
