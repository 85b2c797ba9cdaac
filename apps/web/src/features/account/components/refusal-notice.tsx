import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { accountMessages } from '../messages';
import type { Refusal } from '../utils/refusals';

/** The server's refusal of a step, in its words; a phone with no account is led to registration. */
export function RefusalNotice({ refusal }: { refusal: Refusal | null }) {
  const { t } = useMessages(accountMessages);
  if (!refusal?.message) return null;
  return (
    <div className="presta-account-refusal" role="alert">
      <p>{refusal.message}</p>
      {refusal.noAccount ? (
        <a className="presta-page-link-button" href={routes.promo}>
          {t('noAccountLink')}
        </a>
      ) : null}
    </div>
  );
}
