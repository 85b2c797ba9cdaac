import { bridge } from '@/shared/bridge/native-bridge';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/use-messages';
import { usePageTitle } from '@/shared/ui/page-title';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { StatusScreen } from '@/features/session/components/status-screen';
import failureImage from '@/features/session/assets/failure.svg';

/**
 * Joint-logon failure ('Fracaso', §2): where the pages send the borrower when the
 * session is missing or expired (routes jointLoginFailure and error).
 */
export default function JointLoginFailurePage() {
  const { t } = useMessages(commonMessages);
  usePageTitle(t('failureTitle'));
  return (
    <StatusScreen
      imageSrc={failureImage}
      title={t('failureTitle')}
      action={<PrimaryButton onClick={() => bridge.close()}>{t('close')}</PrimaryButton>}
    >
      <p>{t('failureNotice')}</p>
    </StatusScreen>
  );
}
