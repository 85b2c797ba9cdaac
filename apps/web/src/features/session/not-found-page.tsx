import { bridge } from '@/shared/bridge/native-bridge';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/use-messages';
import { usePageTitle } from '@/shared/ui/page-title';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { StatusScreen } from '@/features/session/components/status-screen';
import './not-found-page.css';

/** Any path the app does not know. */
export default function NotFoundPage() {
  const { t } = useMessages(commonMessages);
  usePageTitle(t('notFoundTitle'));
  return (
    <StatusScreen
      title={t('notFoundTitle')}
      visual={
        <p className="presta-not-found-code" aria-hidden="true">
          404
        </p>
      }
      action={<PrimaryButton onClick={() => bridge.close()}>{t('back')}</PrimaryButton>}
    >
      <p>{t('notFoundText')}</p>
    </StatusScreen>
  );
}
