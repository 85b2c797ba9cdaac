import Spin from 'antd/es/spin';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';

export function PageLoading() {
  const t = useMessages(commonMessages);
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }} role="status" aria-live="polite">
      <Spin description={t('loading')} />
    </div>
  );
}
