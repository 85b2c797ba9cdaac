import { Link } from 'wouter';
import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { accountMessages } from '../messages';

export type AccountSection = 'main' | 'order' | 'setting';

/**
 * The way between the account's three pages (home, my loans, account), at the top of each: in a plain browser
 * there is no app tab bar to go back with (docs/account.md "Pages"). The page shown is marked aria-current.
 */
export function AccountNav({ current }: { current: AccountSection }) {
  const { t } = useMessages(accountMessages);
  const sections = [
    { key: 'main', to: routes.main, label: t('homeTitle') },
    { key: 'order', to: routes.order, label: t('myLoansLink') },
    { key: 'setting', to: routes.setting, label: t('accountLink') },
  ] as const;
  return (
    <nav className="presta-account-nav" aria-label={t('accountNavLabel')}>
      <ul>
        {sections.map((s) => (
          <li key={s.key}>
            <Link to={inAppUrl(s.to)} aria-current={s.key === current ? 'page' : undefined}>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
