import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/use-messages';
import { PrimaryButton } from '@/shared/ui/primary-button';
import './route-error.css';

/** Shown when a page's code cannot load (offline, new deploy) or a page throws. */
export function RouteError() {
  const { t } = useMessages(commonMessages);
  return (
    <main className="presta-route-error">
      <h1 className="presta-route-error-title">{t('routeErrorTitle')}</h1>
      <p className="presta-route-error-text">{t('routeErrorText')}</p>
      <PrimaryButton block={false} onClick={() => location.reload()}>
        {t('retry')}
      </PrimaryButton>
    </main>
  );
}
