import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/use-messages';
import './page-loading.css';

/** Full-page placeholder while a page's code or data loads. */
export function PageLoading() {
  const { t } = useMessages(commonMessages);
  return (
    <div className="presta-page-loading" role="status" aria-live="polite">
      <span className="presta-page-loading-spinner" aria-hidden="true" />
      <span className="presta-visually-hidden">{t('pageLoading')}</span>
    </div>
  );
}
